import { isJsonObject, JsonObject, JsonValue } from '../../src/contracts/json';
import { describeErrors, OpenApiSchemas } from '../../src/contracts/openapi/openapi-schemas';

/** One answer of the service, as it went out. */
export interface ServiceAnswer {
  method: string;
  /** The request's URL: its path and query. */
  url: string;
  status: number;
  contentType: string;
  /** The body as sent (JSON text for JSON answers). */
  body: string;
}

/** One way an answer departs from the service's own OpenAPI document. */
export interface AnswerViolation {
  /** "GET /api/v1/posts/{id} 200", the route as the document names it (or the path, for an unknown route). */
  answer: string;
  message: string;
}

/** Routes the document describes, and where anything else is answered with the error envelope. */
const API_PREFIX = '/api/v1/';
const ERROR_ENVELOPE = { $ref: '#/components/schemas/ErrorEnvelopeDto' };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  parameters: number;
  responses: JsonObject;
}

/**
 * Checks the service's answers against its own OpenAPI document, as a validating proxy (Prism)
 * would, and stricter in one way: an object schema that lists its properties is closed, so a field
 * the service answers but the document does not name is a violation too (a generated client would
 * never see it). OpenAPI 3.0 is read by its letter: siblings of a `$ref` are ignored, and `nullable`
 * admits null only where every other keyword does (Ajv's reading). Each schema compiles once.
 */
export class ApiAnswerChecker {
  private static readonly cache = new Map<string, ApiAnswerChecker>();
  private readonly schemas: OpenApiSchemas;
  private readonly routes: Route[] = [];

  private constructor(document: JsonObject) {
    const components = isJsonObject(document.components) ? document.components : {};
    this.schemas = new OpenApiSchemas(asChecked(components) as JsonObject);
    const paths = isJsonObject(document.paths) ? document.paths : {};
    for (const [template, item] of Object.entries(paths)) {
      if (!isJsonObject(item)) continue;
      const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      const parameters = (template.match(/\{/g) ?? []).length;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isJsonObject(operation)) continue;
        const responses = isJsonObject(operation.responses) ? operation.responses : {};
        this.routes.push({ method: method.toUpperCase(), template, pattern, parameters, responses });
      }
    }
    // A literal segment wins over a parameter: /posts/validate is not /posts/{id}.
    this.routes.sort((a, b) => a.parameters - b.parameters);
  }

  /** The checker of a document, made once per document in this process. */
  static of(document: JsonObject): ApiAnswerChecker {
    const key = JSON.stringify(document);
    let checker = ApiAnswerChecker.cache.get(key);
    if (!checker) {
      checker = new ApiAnswerChecker(document);
      ApiAnswerChecker.cache.set(key, checker);
    }
    return checker;
  }

  check(answer: ServiceAnswer): AnswerViolation[] {
    const path = answer.url.split('?', 1)[0] ?? '';
    const method = answer.method.toUpperCase();
    const route = this.routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) return this.checkUnknownRoute(method, path, answer);
    const label = `${method} ${route.template} ${answer.status}`;
    const violations = (messages: string[]) => messages.map((message) => ({ answer: label, message }));
    const statusClass = `${String(answer.status)[0]}XX`;
    const declared = route.responses[String(answer.status)] ?? route.responses[statusClass] ?? route.responses.default;
    if (!isJsonObject(declared)) {
      const listed = Object.keys(route.responses).join(', ');
      return violations([`status ${answer.status} is not among the answers the document lists (${listed})`]);
    }
    const content = isJsonObject(declared.content) ? declared.content : undefined;
    if (!content) return answer.body === '' ? [] : violations(['a body, where the document declares none']);
    const type = answer.contentType.split(';', 1)[0]!.trim().toLowerCase();
    const media = content[type];
    if (!isJsonObject(media)) {
      return violations([`content type "${type}", where the document declares ${Object.keys(content).join(', ')}`]);
    }
    if (media.schema === undefined || !type.endsWith('json')) return [];
    return violations(this.validate(media.schema, answer.body));
  }

  /** A route the document does not describe: under /api/v1 it may only answer an error, in the envelope. */
  private checkUnknownRoute(method: string, path: string, answer: ServiceAnswer): AnswerViolation[] {
    if (!path.startsWith(API_PREFIX)) return [];
    const label = `${method} ${path} ${answer.status}`;
    if (answer.status < 400) return [{ answer: label, message: 'answered by a route the document does not describe' }];
    if (!answer.contentType.includes('json')) return [{ answer: label, message: 'an error outside the envelope' }];
    return this.validate(ERROR_ENVELOPE, answer.body).map((message) => ({ answer: label, message }));
  }

  private validate(schema: JsonValue, text: string): string[] {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return ['the body is not JSON'];
    }
    return describeErrors('body', this.schemas.validate(asChecked(schema), body, { coerce: false }));
  }
}

/**
 * A schema as the checker reads it: the siblings of every `$ref` dropped (OpenAPI 3.0 ignores
 * them), and every object that lists its properties closed unless it says otherwise.
 */
function asChecked(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(asChecked);
  if (!isJsonObject(schema)) return schema;
  if (typeof schema.$ref === 'string') return { $ref: schema.$ref };
  const checked: JsonObject = {};
  for (const [key, child] of Object.entries(schema)) {
    // Examples are values, and the names under `properties` are names, not keywords.
    if (key === 'example' || key === 'examples') checked[key] = child;
    else if (key === 'properties' && isJsonObject(child)) {
      checked[key] = Object.fromEntries(Object.entries(child).map(([name, value]) => [name, asChecked(value)]));
    } else checked[key] = asChecked(child);
  }
  if (isJsonObject(schema.properties) && schema.additionalProperties === undefined && !schema.allOf) {
    checked.additionalProperties = false;
  }
  return checked;
}
