import { FastifyInstance, FastifyRequest } from 'fastify';
import { LexiconContract } from '../../contracts';
import { contractLog } from '../contracts/contract-log';
import { EmulatorContext } from '../emulator-context';
import { answerLost } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { authorizeBlueskyCall } from './bluesky-access';
import { cidOf, CODECS, recordCid } from './bluesky-cid';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { recordPublishedPost } from './bluesky-published';
import {
  atUri,
  BLUESKY_BLOBS,
  BLUESKY_RECORDS,
  blobKey,
  blobRefsOf,
  findRecord,
  nextTid,
  StoredRecord,
} from './bluesky-records';
import { findBlueskyByIdentifier, TestBlueskyProfile } from './bluesky-test-user';

const POST = 'app.bsky.feed.post';
/** A PDS's blob upload limit (PDS_BLOB_UPLOAD_LIMIT's default in @atproto/pds: 5 MiB); records' lexicons then set their own. */
const BLOB_UPLOAD_LIMIT = 5 * 1024 * 1024;
const RKEY = /^[A-Za-z0-9._:~-]{1,512}$/;

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});
const stringOf = (fields: Fields, name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');

/** The account a `repo` (DID or handle) names; writes only to one's own (401 otherwise, as a PDS answers). */
function ownRepo(state: EmulatorState, repo: string, profile: TestBlueskyProfile): void {
  const named = findBlueskyByIdentifier(state, repo);
  if (named?.profile.did !== profile.did) throw new XrpcError(401, 'AuthenticationRequired', 'Authentication Required');
}

function repoDid(state: EmulatorState, repo: string): string {
  const named = findBlueskyByIdentifier(state, repo);
  if (!named) throw xrpcErrors.invalidRequest(`Could not find repo: ${repo}`);
  return named.profile.did;
}

function commit() {
  return { cid: recordCid({ commit: Date.now(), nonce: Math.random() }), rev: nextTid(Date.now()) };
}

/**
 * A record as a PDS takes it: its `$type` the collection's, valid against the collection's lexicon
 * (what refuses it is also logged as a contract violation), and every blob it references uploaded
 * by the account, with the type and size it was uploaded with.
 */
function checkedRecord(state: EmulatorState, collection: string, record: unknown, did: string): Fields {
  const value = fieldsOf(record);
  if (value.$type === undefined) value.$type = collection;
  if (value.$type !== collection)
    throw xrpcErrors.invalidRequest(`Invalid $type: expected ${collection}, got ${String(value.$type)}`);
  const contract = LexiconContract.bluesky();
  if (!contract.has(collection)) throw xrpcErrors.invalidRequest(`Lexicon not found: lex:${collection}`);
  const violations = contract.checkRecord(collection, value);
  if (violations.length) {
    contractLog.record(violations);
    throw xrpcErrors.invalidRequest(violations[0]!.message);
  }
  const blobs = state.objects.of(BLUESKY_BLOBS);
  for (const cid of blobRefsOf(value))
    if (!blobs.has(blobKey(did, cid))) throw xrpcErrors.invalidRequest(`Could not find blob: ${cid}`);
  return value;
}

function recordView(record: StoredRecord) {
  return { uri: record.uri, cid: record.cid, value: record.value };
}

/** com.atproto.repo.*: records written, read, listed and deleted; blobs uploaded. */
export function registerBlueskyRepoRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  // Any content type is a blob's bytes (images, video); only this route takes them.
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  fastify.post('/com.atproto.repo.createRecord', async (request, reply) => {
    const { profile } = await authorizeBlueskyCall(state, request, reply, { limit: 'writes', points: 3 });
    const body = fieldsOf(request.body);
    const collection = stringOf(body, 'collection');
    ownRepo(state, stringOf(body, 'repo'), profile);
    const value = checkedRecord(state, collection, body.record, profile.did);
    const rkey = body.rkey === undefined ? nextTid(state.now()) : stringOf(body, 'rkey');
    if (!RKEY.test(rkey) || rkey === '.' || rkey === '..') throw xrpcErrors.invalidRequest(`Invalid rkey: ${rkey}`);
    const uri = atUri(profile.did, collection, rkey);
    const records = state.objects.of(BLUESKY_RECORDS);
    if (records.has(uri)) throw xrpcErrors.invalidRequest(`Record already exists: ${uri}`);
    const record: StoredRecord = {
      uri,
      cid: recordCid(value),
      did: profile.did,
      collection,
      rkey,
      value,
      writtenAt: state.now(),
    };
    records.set(uri, record);
    if (collection === POST) recordPublishedPost(context, record, profile);
    if (answerLost(state, [{ network: 'bluesky', accountId: profile.did }])) throw xrpcErrors.internal();
    return { uri, cid: record.cid, commit: commit(), validationStatus: 'valid' };
  });

  fastify.post('/com.atproto.repo.deleteRecord', async (request, reply) => {
    const { profile } = await authorizeBlueskyCall(state, request, reply, { limit: 'writes', points: 1 });
    const body = fieldsOf(request.body);
    ownRepo(state, stringOf(body, 'repo'), profile);
    const uri = atUri(profile.did, stringOf(body, 'collection'), stringOf(body, 'rkey'));
    // Deleting a record that is not there succeeds (a PDS writes no commit then).
    if (state.objects.of(BLUESKY_RECORDS).delete(uri)) {
      const item = state.published.find('bluesky', uri);
      if (item && !item.deletedAt) item.deletedAt = new Date(state.now()).toISOString();
      return { commit: commit() };
    }
    return {};
  });

  fastify.get('/com.atproto.repo.getRecord', async (request, reply) => {
    await authorizeBlueskyCall(state, request, reply);
    const query = fieldsOf(request.query);
    const uri = atUri(repoDid(state, stringOf(query, 'repo')), stringOf(query, 'collection'), stringOf(query, 'rkey'));
    const record = findRecord(state, uri);
    if (!record || (query.cid !== undefined && query.cid !== record.cid))
      throw xrpcErrors.notFound(`Could not locate record: ${uri}`);
    return recordView(record);
  });

  fastify.get('/com.atproto.repo.listRecords', async (request, reply) => {
    await authorizeBlueskyCall(state, request, reply);
    const query = fieldsOf(request.query);
    const did = repoDid(state, stringOf(query, 'repo'));
    const collection = stringOf(query, 'collection');
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw xrpcErrors.invalidRequest('limit must be an integer from 1 to 100');
    const reverse = query.reverse === 'true';
    const cursor = stringOf(query, 'cursor');
    // Newest first (by rkey, which TIDs make time order), oldest first with reverse.
    const all = [...state.objects.of(BLUESKY_RECORDS).values()]
      .filter((record) => record.did === did && record.collection === collection)
      .sort((a, b) => (reverse ? a.rkey.localeCompare(b.rkey) : b.rkey.localeCompare(a.rkey)))
      .filter((record) => !cursor || (reverse ? record.rkey > cursor : record.rkey < cursor));
    const page = all.slice(0, limit);
    const more = all.length > limit;
    return { records: page.map(recordView), ...(more ? { cursor: page[page.length - 1]!.rkey } : {}) };
  });

  fastify.post('/com.atproto.repo.uploadBlob', async (request: FastifyRequest, reply) => {
    const { profile } = await authorizeBlueskyCall(state, request, reply);
    const data = request.body;
    if (!Buffer.isBuffer(data) || data.length === 0) throw xrpcErrors.invalidRequest('Request body is empty');
    if (data.length > BLOB_UPLOAD_LIMIT) throw new XrpcError(413, 'PayloadTooLarge', 'request entity too large');
    const mimeType = String(request.headers['content-type'] ?? 'application/octet-stream')
      .split(';')[0]!
      .trim();
    const cid = cidOf(data, CODECS.raw);
    state.objects
      .of(BLUESKY_BLOBS)
      .set(blobKey(profile.did, cid), { cid, did: profile.did, mimeType, size: data.length });
    return { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: data.length } };
  });
}
