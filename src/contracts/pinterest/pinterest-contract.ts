// Pinterest's OpenAPI description of API v5 (contracts/pinterest/openapi.json, cut from
// pinterest/api-description by `npm run contracts:pinterest`), read as the checker reads X's, with
// two readings the document needs to be checked by a JSON Schema validator:
// - A `discriminator` without `oneOf` (the token request and answer) names its variants only in its
//   mapping, which a validator ignores: each mapping becomes an `if` on the property's value with the
//   variant as `then`, so an authorization_code request without `code` is refused as Pinterest does.
// - A `oneOf` whose branches are plain string enums sharing values (the analytics metric types: the
//   standard and the video lists both hold IMPRESSION) would refuse every shared value; it is read as
//   "one of either list" (`anyOf`).
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
  if (isJsonObject(discriminator) && isJsonObject(discriminator.mapping) && result.oneOf === undefined) {
    const property = String(discriminator.propertyName);
    const branches = Object.entries(discriminator.mapping).map(([value, ref]) => ({
      if: { properties: { [property]: { const: value } }, required: [property] },
      then: { $ref: ref },
    }));
    result.allOf = [...(Array.isArray(result.allOf) ? result.allOf : []), ...branches];
  }
  if (Array.isArray(result.oneOf) && overlappingEnums(result.oneOf)) {
    result.anyOf = result.oneOf;
    delete result.oneOf;
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
