// Checks requests and answers against an OpenAPI 3 document (X's, cut to the operations we use):
// the operation must exist; query parameters must be known (X answers 400 for unknown ones), present
// when required and match their schema (comma-separated arrays item by item); the body must match the
// requestBody schema for its content type, and the overlay's rules the schema cannot say (openapi-overlay.ts);
// the token's scopes must satisfy the operation's security.
import { readFileSync } from 'node:fs';
import { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import { isJsonObject, JsonObject, JsonValue } from '../json';
import { describeErrors, OpenApiSchemas } from './openapi-schemas';
import { applyOverlay, exclusionProblems, OpenApiOverlay } from './openapi-overlay';

/** A file part of a multipart body. */
export interface MultipartFile {
  filename: string;
  contentType: string;
  size: number;
}

export type RequestBody = unknown;

export interface OpenApiRequest {
  method: string;
  /** The path alone, e.g. "/2/media/upload/123/append" (no host, no query). */
  path: string;
  query?: Record<string, string | string[]>;
  /** The Content-Type header; parameters such as the multipart boundary are ignored. */
  contentType?: string;
  /** Parsed JSON, or for multipart/form bodies a record of field → string | MultipartFile. */
  body?: RequestBody;
  /** The OAuth 2.0 scopes granted to the token; omitted: not checked. */
  scopes?: string[];
}

export interface MatchedOperation {
  method: string;
  /** The path template, e.g. "/2/media/upload/{id}/append". */
  template: string;
  pathParams: Record<string, string>;
  operation: JsonObject;
}

type Network = ContractViolation['network'];

/** The hosts of Facebook Login and Instagram Login that contracts/meta/oauth.json describes. */
export type MetaOAuthHost =
  'www.facebook.com' | 'graph.facebook.com' | 'www.instagram.com' | 'api.instagram.com' | 'graph.instagram.com';
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export class OpenApiContract {
  private static xCache: OpenApiContract | undefined;
  private static xOAuthCache: OpenApiContract | undefined;
  private static readonly metaOAuthCache = new Map<MetaOAuthHost, OpenApiContract>();
  private readonly schemas: OpenApiSchemas;
  private readonly templates: { method: string; template: string; pattern: RegExp; names: string[] }[] = [];

  private constructor(
    private readonly document: JsonObject,
    private readonly network: Network,
    private readonly overlay?: OpenApiOverlay,
    /** The security scheme whose scopes a user's token must hold (X's `OAuth2UserToken`, Pinterest's `pinterest_oauth2`). */
    private readonly oauthScheme = 'OAuth2UserToken',
  ) {
    this.schemas = new OpenApiSchemas(isJsonObject(document.components) ? document.components : {});
    const paths = isJsonObject(document.paths) ? document.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isJsonObject(item)) continue;
      const names: string[] = [];
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      for (const method of Object.keys(item).filter((key) => METHODS.includes(key))) {
        this.templates.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), names });
      }
    }
    // A literal segment wins over a parameter: /2/media/upload/initialize is not /2/media/upload/{id}.
    this.templates.sort((a, b) => a.names.length - b.names.length);
  }

  static fromDocument(
    document: JsonObject,
    options: { network?: Network; overlay?: OpenApiOverlay; oauthScheme?: string } = {},
  ): OpenApiContract {
    return new OpenApiContract(
      applyOverlay(document, options.overlay),
      options.network ?? 'x',
      options.overlay,
      options.oauthScheme,
    );
  }

  static fromFile(path: string, options: { network?: Network; overlay?: OpenApiOverlay } = {}): OpenApiContract {
    return OpenApiContract.fromDocument(JSON.parse(readFileSync(path, 'utf8')) as JsonObject, options);
  }

  /** X's API (contracts/x/openapi.json with contracts/x/overlay.json), parsed once. */
  static x(): OpenApiContract {
    return (OpenApiContract.xCache ??= OpenApiContract.fromDocument(readContractJson<JsonObject>('x/openapi.json'), {
      network: 'x',
      overlay: readContractJson<OpenApiOverlay>('x/overlay.json'),
    }));
  }

  /**
   * Facebook Login's and Instagram Login's endpoints on one host (contracts/meta/oauth.json, written
   * from Meta's login guides), parsed once per host; undefined for a host the file does not hold.
   */
  static metaOAuth(host: MetaOAuthHost): OpenApiContract {
    const cached = OpenApiContract.metaOAuthCache.get(host);
    if (cached) return cached;
    const file = readContractJson<{ hosts: Record<string, JsonObject> }>('meta/oauth.json');
    const hostDocument = file.hosts[host];
    if (!hostDocument) throw new Error(`contracts/meta/oauth.json holds no host ${host}`);
    const contract = OpenApiContract.fromDocument(
      { openapi: '3.0.3', ...hostDocument },
      { network: host.includes('instagram') ? 'instagram' : 'facebook' },
    );
    OpenApiContract.metaOAuthCache.set(host, contract);
    return contract;
  }

  /** X's OAuth 2.0 endpoints (contracts/x/oauth2.json, written from docs.x.com), parsed once. */
  static xOAuth(): OpenApiContract {
    return (OpenApiContract.xOAuthCache ??= OpenApiContract.fromDocument(
      readContractJson<JsonObject>('x/oauth2.json'),
    ));
  }

  match(method: string, path: string): MatchedOperation | undefined {
    const upper = method.toUpperCase();
    for (const candidate of this.templates) {
      if (candidate.method !== upper) continue;
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const pathParams = Object.fromEntries(candidate.names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
      const item = (this.document.paths as JsonObject)[candidate.template] as JsonObject;
      return {
        method: upper,
        template: candidate.template,
        pathParams,
        operation: item[method.toLowerCase()] as JsonObject,
      };
    }
    return undefined;
  }

  checkRequest(request: OpenApiRequest): ContractViolation[] {
    const matched = this.match(request.method, request.path);
    const label = `${request.method.toUpperCase()} ${matched?.template ?? request.path}`;
    const violation = (message: string, kind: ContractViolation['kind'] = 'request'): ContractViolation => ({
      network: this.network,
      operation: label,
      kind,
      message,
    });
    if (!matched) return [violation(`${label} is not an operation of the contract`)];

    const messages: string[] = [];
    const parameters = this.parameters(matched);
    const query = request.query ?? {};
    for (const name of Object.keys(query)) {
      if (!parameters.some((p) => p.in === 'query' && p.name === name))
        messages.push(`unknown query parameter "${name}"`);
    }
    for (const parameter of parameters) {
      if (parameter.in !== 'path' && parameter.in !== 'query') continue;
      const name = String(parameter.name);
      const raw = parameter.in === 'path' ? matched.pathParams[name] : query[name];
      if (raw === undefined) {
        if (parameter.required === true) messages.push(`missing required ${parameter.in} parameter "${name}"`);
        continue;
      }
      messages.push(...this.checkParameter(parameter, raw));
    }
    messages.push(...this.checkBody(matched.operation, request));
    const violations = messages.map((message) => violation(message));
    const scopeProblem = request.scopes
      ? scopeViolation(matched.operation, request.scopes, this.oauthScheme)
      : undefined;
    if (scopeProblem) violations.push(violation(scopeProblem, 'permission'));
    return violations;
  }

  checkResponse(
    request: { method: string; path: string },
    status: number,
    body: unknown,
    contentType?: string,
  ): ContractViolation[] {
    const matched = this.match(request.method, request.path);
    const label = `${request.method.toUpperCase()} ${matched?.template ?? request.path}`;
    const violation = (message: string): ContractViolation => ({
      network: this.network,
      operation: label,
      kind: 'response',
      message,
    });
    if (!matched) return [violation(`${label} is not an operation of the contract`)];
    const responses = isJsonObject(matched.operation.responses) ? matched.operation.responses : {};
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    const response = OpenApiSchemas.resolve(this.document, declared);
    if (!response) return [violation(`status ${status} is not a declared answer`)];
    const content = isJsonObject(response.content) ? response.content : undefined;
    if (!content) return [];
    const type = contentType
      ? baseType(contentType)
      : 'application/json' in content
        ? 'application/json'
        : Object.keys(content)[0];
    const media = content[type];
    if (!isJsonObject(media)) return [violation(`content type ${type} is not declared for status ${status}`)];
    if (media.schema === undefined) return [];
    return describeErrors('body', this.schemas.validate(media.schema, body, { coerce: false })).map(violation);
  }

  private parameters(matched: MatchedOperation): JsonObject[] {
    const item = (this.document.paths as JsonObject)[matched.template] as JsonObject;
    const all = [...asArray(item.parameters), ...asArray(matched.operation.parameters)];
    return all.map((p) => OpenApiSchemas.resolve(this.document, p)).filter((p): p is JsonObject => p !== undefined);
  }

  private checkParameter(parameter: JsonObject, raw: string | string[]): string[] {
    const name = String(parameter.name);
    const schema = OpenApiSchemas.resolve(this.document, parameter.schema) ?? {};
    const isArray = schema.type === 'array';
    if (Array.isArray(raw) && !isArray) return [`parameter "${name}" is given more than once`];
    // style form, explode false (X's way): one value, comma-separated.
    const value = isArray ? (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(',')) : raw;
    return describeErrors(
      `parameter "${name}"`,
      this.schemas.validate(parameter.schema ?? {}, value, { coerce: true }),
    );
  }

  private checkBody(operation: JsonObject, request: OpenApiRequest): string[] {
    const requestBody = OpenApiSchemas.resolve(this.document, operation.requestBody);
    const hasBody =
      request.body !== undefined && !(isJsonObject(request.body) && Object.keys(request.body).length === 0);
    if (!requestBody) return hasBody ? ['the operation takes no request body'] : [];
    if (request.body === undefined) return requestBody.required === true ? ['missing required request body'] : [];
    const content = isJsonObject(requestBody.content) ? requestBody.content : {};
    const type = request.contentType ? baseType(request.contentType) : 'application/json';
    const media = content[type];
    if (!isJsonObject(media)) return [`content type ${type} is not accepted (${Object.keys(content).join(', ')})`];
    if (media.schema === undefined) return [];
    const isForm = FORM_TYPES.includes(type);
    const body = isForm ? formFields(request.body) : request.body;
    return [
      ...describeErrors('body', this.schemas.validate(media.schema, body, { coerce: isForm })),
      ...(isJsonObject(media.schema) ? exclusionProblems(this.overlay, media.schema.$ref, body) : []),
    ];
  }
}

/** A file part stands as its name for validation: binary-format schemas accept any string. */
function formFields(body: unknown): unknown {
  if (!isJsonObject(body as JsonValue) && (typeof body !== 'object' || body === null)) return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null && 'filename' in value
        ? `file:${String((value as MultipartFile).filename)}`
        : value,
    ]),
  );
}

function scopeViolation(operation: JsonObject, scopes: string[], scheme: string): string | undefined {
  const requirements = asArray(operation.security).filter(isJsonObject);
  const oauth = requirements.filter((r) => Array.isArray(r[scheme])).map((r) => (r[scheme] as JsonValue[]).map(String));
  if (oauth.length === 0) return undefined;
  const granted = new Set(scopes);
  if (oauth.some((needed) => needed.every((scope) => granted.has(scope)))) return undefined;
  const missing = oauth.map((needed) => needed.filter((scope) => !granted.has(scope)).join(' ')).join(' | or | ');
  return `the token's scopes lack: ${missing}`;
}

function baseType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}
