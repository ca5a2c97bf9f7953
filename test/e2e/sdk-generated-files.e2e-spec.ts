import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { buildOfflineOpenApiDocument } from '../openapi/offline-document';
import { REGENERATE_COMMAND, SDK_FILES } from '../openapi/sdk-files';
import { startTestApp, TestApp } from '../support/test-app';

/** Fails with what to do: the committed SDK files are generated, never edited by hand. */
function expectGenerated(file: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${file} is not what the service's routes make: run \`${REGENERATE_COMMAND}\` and commit the result.\n\n${detail}`,
    );
  }
}

/**
 * The SDKs' generated files (sdk/typescript/openapi.json and src/schema.ts, and the Python SDK's
 * sdk/python/src/social_publishing/models.py, made from that document) match the document the
 * running service serves, so a route, DTO or event changed without regenerating fails here.
 */
describe('The TypeScript SDK is generated from the served OpenAPI document', () => {
  let t: TestApp;
  let served: unknown;
  const committed = JSON.parse(readFileSync(SDK_FILES.document, 'utf8')) as object;

  beforeAll(async () => {
    t = await startTestApp();
    const response = await request(t.server).get('/api/docs.json');
    expect(response.status).toBe(200);
    served = response.body;
  });
  afterAll(() => t?.close());

  it('commits the document the service serves at /api/docs.json', () => {
    expectGenerated('sdk/typescript/openapi.json', () => expect(committed).toEqual(served));
  });

  it('builds that same document without a database, as the generate command does', async () => {
    expect(JSON.parse(JSON.stringify(await buildOfflineOpenApiDocument()))).toEqual(served);
  });

  // In a process of its own: openapi-typescript needs ESM-only packages that Jest cannot load.
  it("commits the SDKs' types and models generated from that document (the generate command's --check)", async () => {
    const root = join(__dirname, '..', '..');
    const check = promisify(execFile)(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'test/openapi/generate-sdk.ts', '--check'],
      { cwd: root },
    );
    await expect(check).resolves.toBeDefined();
  }, 180_000); // compiling the whole app in a fresh process takes a while on a busy machine
});
