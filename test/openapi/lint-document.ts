import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redoclyLint } from '../support/redocly-lint';
import { buildOfflineOpenApiDocument } from './offline-document';

/** `npm run lint:api`: the OpenAPI document through redocly (redocly.yaml); fails on any error or warning. */
async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'sps-openapi-'));
  try {
    const file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(await buildOfflineOpenApiDocument(), null, 2));
    const result = redoclyLint(file);
    process.stdout.write(result.output);
    if (result.status !== 0 || result.errors > 0 || result.warnings > 0) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
