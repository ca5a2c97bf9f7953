import openapiTS, { astToString, COMMENT_HEADER, OpenAPI3 } from 'openapi-typescript';
import { REGENERATE_COMMAND } from './sdk-files';

/**
 * The SDK's types of every path, operation and schema of the document: openapi-typescript's output,
 * as it writes it (Prettier leaves the file alone, so regenerating gives the same bytes).
 */
export async function schemaSource(document: object): Promise<string> {
  // defaultNonNullable off: a request field with a default (overlapSeconds) is one a client may
  // leave out, so its type stays optional; openapi-typescript would otherwise make it required.
  const ast = await openapiTS(document as OpenAPI3, { silent: true, defaultNonNullable: false });
  const header = `// Generated from openapi.json by \`${REGENERATE_COMMAND}\` (test/openapi/generate-sdk.ts): do not edit.\n`;
  return `${header}${COMMENT_HEADER}${astToString(ast)}`;
}
