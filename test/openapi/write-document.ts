import { writeFileSync } from 'node:fs';
import { buildOfflineOpenApiDocument } from './offline-document';

/** `npm run openapi:write -- <file>`: writes the OpenAPI document (JSON) to the file, or to stdout without one. */
async function main(): Promise<void> {
  const json = `${JSON.stringify(await buildOfflineOpenApiDocument(), null, 2)}\n`;
  const file = process.argv[2];
  if (file) writeFileSync(file, json);
  else process.stdout.write(json);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
