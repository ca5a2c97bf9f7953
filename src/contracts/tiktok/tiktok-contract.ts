// Checks a TikTok API request against the contract written from TikTok's reference pages
// (contracts/tiktok/api-rules.json): the endpoint is one the service uses, the token and content
// type each call needs, the JSON body against the endpoint's schema (Ajv), a FILE_UPLOAD's chunk
// arithmetic, a direct photo post's privacy level, the fields a read names, and the token
// endpoint's form. The adapter's tests run every request they record through it and the emulator
// logs what it reports, so both are held to the same contract.
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { ContractViolation } from '../contract-violation';
import { isJsonObject, JsonObject } from '../json';
import {
  TikTokApiRules,
  TikTokEndpoint,
  TikTokEndpointName,
  tiktokApiRules,
  tiktokChunkProblems,
} from './tiktok-rules';

export interface TikTokRequest {
  method: string;
  /** Below the host: `/v2/post/publish/video/init/`. */
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
  /** The JSON body, or the form's fields. */
  body: unknown;
}

export interface TikTokViolation extends ContractViolation {
  /** What TikTok answers it with: its HTTP status and `error.code`. */
  status: number;
  code: string;
}

const SCHEMA_ID = 'tiktok-api-rules';

export class TikTokContract {
  private static cached: TikTokContract | undefined;
  private readonly ajv: Ajv;
  private readonly validators = new Map<TikTokEndpointName, ValidateFunction>();

  constructor(readonly rules: TikTokApiRules) {
    this.ajv = new Ajv({ strict: false, allErrors: true });
    this.ajv.addSchema({ $id: SCHEMA_ID, definitions: rules.definitions });
  }

  static load(): TikTokContract {
    return (TikTokContract.cached ??= new TikTokContract(tiktokApiRules()));
  }

  /** The endpoint a request's method and path name, if the contract knows it. */
  endpointOf(method: string, path: string): [TikTokEndpointName, TikTokEndpoint] | undefined {
    const normalized = path.endsWith('/') ? path : `${path}/`;
    const found = Object.entries(this.rules.endpoints).find(
      ([, endpoint]) => endpoint.method === method.toUpperCase() && endpoint.path === normalized,
    );
    return found as [TikTokEndpointName, TikTokEndpoint] | undefined;
  }

  checkRequest(request: TikTokRequest): TikTokViolation[] {
    const operation = `${request.method.toUpperCase()} ${request.path}`;
    const violation = (message: string, status = 400, code = 'invalid_param'): TikTokViolation => ({
      network: 'tiktok',
      operation,
      kind: 'request',
      message,
      status,
      code,
    });
    const matched = this.endpointOf(request.method, request.path);
    if (!matched) return [violation(`${operation} is not an endpoint of the contract`, 404, 'not_found')];
    const [name, endpoint] = matched;
    if (name === 'token' || name === 'revoke') return this.formProblems(name, request).map((m) => violation(m));
    const problems: TikTokViolation[] = [];
    if (!/^Bearer \S+$/.test(request.headers.authorization ?? ''))
      problems.push(violation('Authorization: Bearer {access_token} is required', 401, 'access_token_invalid'));
    if (endpoint.fields) problems.push(...this.fieldProblems(endpoint, request.query).map((m) => violation(m)));
    if (endpoint.method === 'POST') {
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
        problems.push(violation('Content-Type must be application/json; charset=UTF-8'));
      if (endpoint.body) problems.push(...this.bodyProblems(name, endpoint, request.body).map((m) => violation(m)));
    }
    return problems;
  }

  /** A JSON body against its endpoint's schema, then the rules a schema cannot say. */
  bodyProblems(name: TikTokEndpointName, endpoint: TikTokEndpoint, body: unknown): string[] {
    let validate = this.validators.get(name);
    if (!validate) {
      validate = this.ajv.compile(pointAtRules(endpoint.body!) as object);
      this.validators.set(name, validate);
    }
    if (!validate(structuredClone(body ?? null))) return (validate.errors ?? []).map(describe);
    const object = body as JsonObject;
    const source = isJsonObject(object.source_info) ? object.source_info : {};
    if (source.source === 'FILE_UPLOAD')
      return tiktokChunkProblems(
        Number(source.video_size),
        Number(source.chunk_size),
        Number(source.total_chunk_count),
      ).map((problem) => `source_info: ${problem}`);
    if (name === 'contentInit' && object.post_mode === 'DIRECT_POST') {
      const info = isJsonObject(object.post_info) ? object.post_info : {};
      if (info.privacy_level === undefined) return ['post_info.privacy_level is required for a DIRECT_POST'];
      const source = isJsonObject(object.source_info) ? object.source_info : {};
      const images = Array.isArray(source.photo_images) ? source.photo_images.length : 0;
      if (Number(source.photo_cover_index) >= images)
        return ['source_info.photo_cover_index must name one of photo_images'];
    }
    return [];
  }

  private fieldProblems(endpoint: TikTokEndpoint, query: Record<string, string>): string[] {
    const asked = (query.fields ?? '').split(',').filter(Boolean);
    if (asked.length === 0) return ['the fields query parameter is required'];
    const unknown = asked.filter((field) => !endpoint.fields!.includes(field));
    return unknown.length ? [`unknown fields: ${unknown.join(', ')}`] : [];
  }

  private formProblems(name: 'token' | 'revoke', request: TikTokRequest): string[] {
    const problems: string[] = [];
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? ''))
      problems.push('Content-Type must be application/x-www-form-urlencoded');
    const form = isJsonObject(request.body) ? request.body : {};
    const { token, revoke } = this.rules.oauth;
    const needed =
      name === 'revoke'
        ? revoke.params
        : form.grant_type === 'refresh_token'
          ? token.refreshParams
          : form.grant_type === 'authorization_code'
            ? token.codeParams
            : ['grant_type'];
    const missing = needed.filter((param) => typeof form[param] !== 'string' || form[param] === '');
    if (missing.length) problems.push(`missing ${missing.join(', ')}`);
    if (form.grant_type !== undefined && !['authorization_code', 'refresh_token'].includes(String(form.grant_type)))
      problems.push(`grant_type ${String(form.grant_type)} is not authorization_code or refresh_token`);
    return problems;
  }
}

/** `#/definitions/x` in an endpoint's schema refers to the file's definitions, registered once. */
function pointAtRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(pointAtRules);
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${SCHEMA_ID}${value}`
        : pointAtRules(value),
    ]),
  );
}

function describe(error: ErrorObject): string {
  const at = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
  if (error.keyword === 'additionalProperties')
    return `${at}: unknown field ${String((error.params as { additionalProperty: string }).additionalProperty)}`;
  if (error.keyword === 'required')
    return `${at}: ${String((error.params as { missingProperty: string }).missingProperty)} is required`;
  return `${at} ${error.message ?? 'is invalid'}`;
}
