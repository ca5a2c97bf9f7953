import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startEmulatedApp } from '../support/connect-flow';
import { testWorldOf } from '../support/sandbox-worlds';
import { TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');
const SDK = join(ROOT, 'sdk', 'typescript');
// The redirect URL the README's walkthrough adds for its customer.
const README_REDIRECT = 'http://localhost:8080/connected';

/** Whether node_modules links the SDK to this checkout (a clean `npm ci`), or to another one's. */
function linkedHere(): boolean {
  try {
    return realpathSync(dirname(require.resolve('@social-publishing/sdk/package.json', { paths: [ROOT] }))) === SDK;
  } catch {
    return false;
  }
}

/**
 * The SDK's quickstart (sdk/typescript/examples/quickstart.ts) run as its README says, against a
 * customer set up as the main README's walkthrough sets one up: build the SDK, run the example.
 */
describe('The SDK quickstart, run as its README says', () => {
  let t: TestApp & { baseUrl: string };
  let apiKey: string;

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    const customer = await t.createCustomer('acme');
    await t.app.get(RedirectUrlsService).add(customer.id, README_REDIRECT);
    apiKey = (await testWorldOf(t, customer)).apiKey;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('builds, then gets an auth URL and lists no account yet', async () => {
    await promisify(execFile)('npm', ['run', 'build', '-w', 'sdk/typescript'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const preload = linkedHere() ? [] : ['-r', join(ROOT, 'test', 'support', 'sdk-from-this-checkout.js')];
    const outcome = await promisify(execFile)(
      'npx',
      ['ts-node', '--transpile-only', ...preload, 'sdk/typescript/examples/quickstart.ts'],
      { cwd: ROOT, env: { ...process.env, API_URL: t.baseUrl, API_KEY: apiKey } },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(`${outcome.stdout}${outcome.stderr}`).toMatch(/To connect an X profile, open:\n {2}http/);
    expect(outcome.stdout).toContain('No active account yet');
    expect(outcome.stderr).toBe('');
  }, 120_000);
});
