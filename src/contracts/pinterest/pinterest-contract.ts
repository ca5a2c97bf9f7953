// Pinterest's OpenAPI description of API v5 (contracts/pinterest/openapi.json, cut from
// pinterest/api-description by `npm run contracts:pinterest`), read as the checker reads X's, with
// two readings the document needs to be checked by a JSON Schema validator:
// - A `discriminator` picks the variant by its property's value, which a validator ignores: each
//   mapping becomes an `if` on the value with the variant as `then`. Without `oneOf` (the token
//   request and answer) the variants were not checked at all (an authorization_code request without
//   `code` passed); with `oneOf` (a pin's media_source) every other variant's refusal was reported.
// - A `oneOf` whose branches are plain string enums sharing values (the analytics metric types: the
//   standard and the video lists both hold IMPRESSION) would refuse every shared value; it is read as
//   "one of either list" (`anyOf`).
// - `nullable` beside no `type` (a Pin's `creative_type`: an `allOf` of an enum, nullable), which
//   Ajv refuses to compile, is read as OpenAPI 3.0 means it: the schema, or null.
import { readContractJson } from '../contracts-dir';
import { isJsonObject, JsonObject, JsonValue } from '../json';
import { OpenApiContract } from '../openapi/openapi-contract';

export const PINTEREST_OPENAPI_FILE = 'pinterest/openapi.json';

let cached: OpenApiContract | undefined;

/** Pinterest's contract, parsed once. */
export function pinterestContract(): OpenApiContract {
  return (cached ??= OpenApiContract.fromDocument(readPinterestDocument(), {
    network: 'pinterest',
    oauthScheme: 'pinterest_oauth2',
  }));
}

export function readPinterestDocument(): JsonObject {
  return readForValidation(readContractJson<JsonObject>(PINTEREST_OPENAPI_FILE));
}

/** A copy of the document with both readings above applied. */
export function readForValidation(document: JsonObject): JsonObject {
  return rewrite(structuredClone(document)) as JsonObject;
}

function rewrite(node: JsonValue): JsonValue {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!isJsonObject(node)) return node;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(node)) result[key] = rewrite(child);
  const discriminator = result.discriminator;
  if (isJsonObject(discriminator) && isJsonObject(discriminator.mapping)) {
    const property = String(discriminator.propertyName);
    const branches = Object.entries(discriminator.mapping).map(([value, ref]) => ({
      if: { properties: { [property]: { const: value } }, required: [property] },
      then: { $ref: ref },
    }));
    result.allOf = [...(Array.isArray(result.allOf) ? result.allOf : []), ...branches];
    if (Array.isArray(result.oneOf)) {
      // The discriminator picks the variant: checked against that one alone, not against every
      // other (whose refusals would bury the one that matters), and the property must name one.
      delete result.oneOf;
      const properties = isJsonObject(result.properties) ? result.properties : {};
      result.properties = { ...properties, [property]: { enum: Object.keys(discriminator.mapping) } };
      result.required = [...new Set([...(Array.isArray(result.required) ? result.required : []), property])];
    }
  }
  if (Array.isArray(result.oneOf) && overlappingEnums(result.oneOf)) {
    result.anyOf = result.oneOf;
    delete result.oneOf;
  }
  if (result.nullable === true && result.type === undefined) {
    const { nullable: _nullable, ...schema } = result;
    return { anyOf: [schema, { enum: [null] }] };
  }
  return result;
}

function overlappingEnums(branches: JsonValue[]): boolean {
  if (!branches.every((branch) => isJsonObject(branch) && Array.isArray(branch.enum))) return false;
  const seen = new Set<string>();
  for (const branch of branches as JsonObject[]) {
    for (const value of branch.enum as JsonValue[]) {
      if (seen.has(String(value))) return true;
      seen.add(String(value));
    }
  }
  return false;
}

/** Every scope the pinterest_oauth2 scheme names (what Pinterest's consent page knows). */
export function pinterestOAuthScopes(): string[] {
  const document = readContractJson<JsonObject>(PINTEREST_OPENAPI_FILE);
  const schemes = isJsonObject(document.components) ? document.components.securitySchemes : undefined;
  const scheme = isJsonObject(schemes) ? schemes.pinterest_oauth2 : undefined;
  const flows = isJsonObject(scheme) ? scheme.flows : undefined;
  const code = isJsonObject(flows) ? flows.authorizationCode : undefined;
  return isJsonObject(code) && isJsonObject(code.scopes) ? Object.keys(code.scopes) : [];
}

/** What an operation of the description asks of a call: its pinterest_oauth2 scopes and its rate limit category. */
export interface PinterestOperationTerms {
  scopes: string[];
  /** `x-ratelimit-category`: org_read, org_write, org_analytics… */
  rateLimitCategory: string;
}

/** The terms of `method template` (e.g. `POST /pins`); throws for an operation the contract does not hold. */
export function pinterestOperation(method: string, template: string): PinterestOperationTerms {
  const document = readContractJson<JsonObject>(PINTEREST_OPENAPI_FILE);
  const item = isJsonObject(document.paths) ? document.paths[template] : undefined;
  const operation = isJsonObject(item) ? item[method.toLowerCase()] : undefined;
  if (!isJsonObject(operation)) throw new Error(`Pinterest's contract holds no ${method} ${template}`);
  const security = Array.isArray(operation.security) ? operation.security.filter(isJsonObject) : [];
  const oauth = security.find((requirement) => Array.isArray(requirement.pinterest_oauth2));
  return {
    scopes: oauth ? (oauth.pinterest_oauth2 as JsonValue[]).map(String) : [],
    rateLimitCategory: String(operation['x-ratelimit-category'] ?? ''),
  };
}
