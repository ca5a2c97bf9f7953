// Regenerates the TypeScript SDK's committed files from the service's routes: `npm run sdk:generate`.
// No database or network needed; run it after changing any route, DTO or webhook event.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildOfflineOpenApiDocument } from './sdk/offline-openapi-document';
import { documentSource, schemaSource, SDK_FILES } from './sdk/sdk-sources';

async function main(): Promise<void> {
  const document = await buildOfflineOpenApiDocument();
  writeFileSync(SDK_FILES.document, documentSource(document));
  writeFileSync(SDK_FILES.schema, await schemaSource(document));
  for (const file of Object.values(SDK_FILES)) console.log(`wrote ${relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
