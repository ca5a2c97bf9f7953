import type { JsonObject } from '../../src/contracts/json';
import { buildOfflineOpenApiDocument } from '../openapi/offline-document';
import { ApiAnswerChecker, ServiceAnswer } from '../support/api-answer-checker';

/**
 * The checker every e2e answer goes through (test/support/api-answer-hook.ts): what it lets
 * through and what it refuses, on the service's own document. The answers here are written by
 * hand, so that each way an answer can depart from the document is shown to be caught.
 */

const POST_ID = 'pst_2Hq0000000000000000000';
const delivery = (error: unknown) => ({
  id: 'dlv_7Qm0000000000000000000',
  accountId: 'acc_3kTMd9fQe2xV7bLp1sWq0Z',
  platform: 'x',
  status: error ? 'failed' : 'published',
  platformPostId: error ? null : '1866000000000000000',
  permalink: error ? null : 'https://x.com/acme/status/1866000000000000000',
  attempts: 1,
  error,
  publishedAt: error ? null : '2026-11-26T10:00:00.000Z',
  deletedAt: null,
  edit: null,
  options: {},
});
const post = (deliveries: unknown[]) => ({
  id: POST_ID,
  status: 'published',
  tenantId: 'tenant-42',
  scheduledAt: null,
  createdAt: '2026-11-26T09:59:59.123Z',
  deliveries,
});
const getPost = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8'): ServiceAnswer => ({
  method: 'GET',
  url: `/api/v1/posts/${POST_ID}?ignored=1`,
  status,
  contentType,
  body: JSON.stringify(body),
});
const envelope = (code: string) => ({
  success: false,
  error: { code, message: 'Post not found', requestId: 'req_Yq3b1m4o2rV0d9Ku' },
});

describe('The answer checker (every e2e answer against /api/docs.json)', () => {
  let document: JsonObject;
  let checker: ApiAnswerChecker;
  const messages = (answer: ServiceAnswer, using = checker) => using.check(answer).map((v) => v.message);

  beforeAll(async () => {
    document = JSON.parse(JSON.stringify(await buildOfflineOpenApiDocument())) as JsonObject;
    checker = ApiAnswerChecker.of(document);
  });

  it("takes a post whose delivery's error is null, and one whose error is the error object", () => {
    expect(messages(getPost({ success: true, data: post([delivery(null)]) }))).toEqual([]);
    const failed = delivery({ code: 'token_expired', message: 'The account must be reconnected' });
    expect(messages(getPost({ success: true, data: post([failed]) }))).toEqual([]);
  });

  it("refused that null while the document wrote the error as @nestjs/swagger does (nullable beside allOf's $ref)", () => {
    const old = structuredClone(document) as { components: { schemas: Record<string, JsonObject> } };
    (old.components.schemas.DeliveryView!.properties as JsonObject).error = {
      nullable: true,
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/DeliveryErrorView' }],
    };
    const before = ApiAnswerChecker.of(old as unknown as JsonObject);
    expect(messages(getPost({ success: true, data: post([delivery(null)]) }), before)).toEqual([
      'body.data.deliveries.0.error: must be object',
    ]);
  });

  it('refuses a field the document does not name, a missing one, and a value outside an enum', () => {
    expect(messages(getPost({ success: true, data: { ...post([]), extra: 1 } }))).toEqual([
      'body.data: unknown property "extra"',
    ]);
    const { tenantId: _, ...withoutTenant } = post([]);
    expect(messages(getPost({ success: true, data: withoutTenant }))).toEqual([
      'body.data: missing required property "tenantId"',
    ]);
    expect(messages(getPost({ success: true, data: { ...post([]), status: 'lost' } }))).toEqual([
      expect.stringMatching(/^body\.data\.status: "lost" must be one of /),
    ]);
  });

  it('checks error answers against the error envelope, and refuses a status the operation does not list', () => {
    expect(messages(getPost(envelope('not_found'), 404))).toEqual([]);
    expect(messages(getPost(envelope('no_such_code'), 404))).toEqual([
      expect.stringMatching(/^body\.error\.code: "no_such_code" must be one of /),
    ]);
    expect(messages(getPost({ message: 'Not Found', statusCode: 404 }, 404))).toEqual(
      expect.arrayContaining(['body: missing required property "success"', 'body: unknown property "statusCode"']),
    );
    expect(messages(getPost(envelope('validation_failed'), 400))).toEqual([
      'status 400 is not among the answers the document lists (200, 401, 404, 429, 500, 503)',
    ]);
  });

  it('refuses a content type the document does not declare', () => {
    expect(messages(getPost({ success: true, data: post([]) }, 200, 'text/html'))).toEqual([
      'content type "text/html", where the document declares application/json',
    ]);
  });

  it('under /api/v1, holds a route the document does not describe to the error envelope; elsewhere, leaves it alone', () => {
    const unknown = (status: number, body: unknown, url = '/api/v1/nothing-here'): ServiceAnswer => ({
      method: 'GET',
      url,
      status,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
    expect(messages(unknown(404, { ...envelope('not_found') }))).toEqual([]);
    expect(messages(unknown(200, { success: true, data: {} }))).toEqual([
      'answered by a route the document does not describe',
    ]);
    expect(messages(unknown(404, { error: 'Not Found' }))).toEqual(
      expect.arrayContaining(['body: missing required property "success"']),
    );
    expect(messages(unknown(200, { anything: true }, '/emulator/x/2/tweets'))).toEqual([]);
  });

  it('tells a literal segment from a parameter: POST /posts/validate is not POST /posts/{id}', () => {
    const validate: ServiceAnswer = {
      method: 'POST',
      url: '/api/v1/posts/validate',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data: { nothing: true } }),
    };
    expect(checker.check(validate).map((v) => v.answer)).toEqual(
      expect.arrayContaining(['POST /api/v1/posts/validate 200']),
    );
  });
});
