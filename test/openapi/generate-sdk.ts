// Regenerates the SDKs' committed files from the service's routes: `npm run sdk:generate` writes the
// TypeScript SDK's document and types, and the Python SDK's models (from that same document).
// No database or network needed; run it after changing any route, DTO or webhook event.
// With --check it writes nothing and exits 1 when a committed file differs (the sdk e2e tests run it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildOfflineOpenApiDocument } from './offline-document';
import { pythonModelsSource } from './python-models-source';
import { schemaSource } from './sdk-schema-source';
import { documentSource, REGENERATE_COMMAND, SDK_FILES } from './sdk-files';

async function main(check: boolean): Promise<number> {
  const document = await buildOfflineOpenApiDocument();
  const committedDocument = documentSource(document);
  const sources = [
    { file: SDK_FILES.document, source: committedDocument },
    // From the committed document, parsed anew: openapi-typescript (below) annotates the object it is given.
    { file: SDK_FILES.pythonModels, source: await pythonModelsSource(JSON.parse(committedDocument) as object) },
    { file: SDK_FILES.schema, source: await schemaSource(document) },
  ];
  let stale = 0;
  for (const { file, source } of sources) {
    const name = relative(process.cwd(), file);
    if (!check) {
      writeFileSync(file, source);
      console.log(`wrote ${name}`);
    } else if (!existsSync(file) || readFileSync(file, 'utf8') !== source) {
      console.error(`${name} is out of date: run \`${REGENERATE_COMMAND}\` and commit the result`);
      stale++;
    }
  }
  return stale === 0 ? 0 : 1;
}

main(process.argv.includes('--check')).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
