import openapiTS, { astToString, COMMENT_HEADER, OpenAPI3 } from 'openapi-typescript';
import { join } from 'node:path';

const SDK_DIR = join(__dirname, '..', '..', 'sdk', 'typescript');

/** The generated files of the TypeScript SDK, committed and compared with the service by test/e2e/sdk.e2e-spec.ts. */
export const SDK_FILES = {
  document: join(SDK_DIR, 'openapi.json'),
  schema: join(SDK_DIR, 'src', 'schema.ts'),
};

export const REGENERATE_COMMAND = 'npm run sdk:generate';

/** The committed form of the document: stable, readable JSON. */
export function documentSource(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The SDK's types of every path, operation and schema of the document (openapi-typescript's output). */
export async function schemaSource(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, { silent: true });
  const header =
    `// Generated from openapi.json by \`${REGENERATE_COMMAND}\` (scripts/generate-sdk.ts): do not edit.\n` +
    '/* eslint-disable */\n';
  return `${header}${COMMENT_HEADER}${astToString(ast)}`;
}
