import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startEmulatedApp } from '../support/connect-flow';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PYTHON,
  pythonSdkInstalled,
  pythonSdkRequired,
  readmeQuickstart,
  runPython,
  SETUP_COMMAND,
} from '../support/python-sdk';
import { testWorldOf } from '../support/sandbox-worlds';
import { TestApp } from '../support/test-app';

const REDIRECT = 'https://app.example.com/connected';
// The redirect URL the main README's walkthrough adds for its customer, which the quickstart uses.
const README_REDIRECT = 'http://localhost:8080/connected';
const PYTEST_TIMEOUT_MS = 170_000;

const installed = pythonSdkInstalled();
if (!installed && !pythonSdkRequired())
  console.warn(
    `SKIPPED: the Python SDK's tests need its virtual environment (${PYTHON}), which is missing. ` +
      `Make it with \`${SETUP_COMMAND}\`. CI (CI=true, or REQUIRE_PYTHON_SDK=1) fails instead.`,
  );

/**
 * The Python SDK (sdk/python) against the running service: its pytest suite (unit tests, and the
 * service tests in sdk/python/tests/service, which connect an emulated account with a test key,
 * publish, page through lists, are throttled and retried, and verify the webhooks the service
 * really sends to a receiver of their own) runs in the SDK's virtual environment, given this app's
 * URL and keys. A pytest failure fails this test, with pytest's output.
 */
(installed || pythonSdkRequired() ? describe : describe.skip)('The Python SDK against the running service', () => {
  let t: TestApp & { baseUrl: string };
  const env: Record<string, string> = {};
  let quickstartKey: string;

  beforeAll(async () => {
    // The receiver is on loopback; the small rate limit lets the retry test meet a real 429 quickly.
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_PER_SECOND: '10', RATE_LIMIT_BURST: '40' },
    });
    const customer = await t.createCustomer('python-sdk');
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const neighbour = await t.createCustomer('python-sdk-neighbour');
    const throttled = await t.createCustomer('python-sdk-throttled');
    Object.assign(env, {
      SPS_API_URL: t.baseUrl,
      SPS_API_KEY: (await testWorldOf(t, customer)).apiKey,
      SPS_REDIRECT_URI: REDIRECT,
      SPS_OTHER_API_KEY: (await testWorldOf(t, neighbour)).apiKey,
      SPS_THROTTLED_API_KEY: (await testWorldOf(t, throttled)).apiKey,
      SPS_RATE_LIMIT_BURST: '40',
    });
    const acme = await t.createCustomer('acme');
    await t.app.get(RedirectUrlsService).add(acme.id, README_REDIRECT);
    quickstartKey = (await testWorldOf(t, acme)).apiKey;
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'passes pytest (sdk/python/tests), every service test run, none skipped',
    async () => {
      if (!installed)
        throw new Error(`The Python SDK's virtual environment is missing (${PYTHON}): run \`${SETUP_COMMAND}\` first.`);
      const outcome = await runPython(
        ['-m', 'pytest', 'sdk/python/tests', '-q', '-p', 'no:cacheprovider', '-rs', '--durations=5'],
        env,
        PYTEST_TIMEOUT_MS,
      );
      if (outcome.code !== 0) throw new Error(`pytest exited with ${outcome.code}:\n${outcome.output}`);
      console.log(`pytest sdk/python/tests:\n${outcome.output}`);
      expect(outcome.output).toMatch(/\d+ passed/);
      expect(outcome.output).not.toMatch(/skipped/);
    },
    PYTEST_TIMEOUT_MS + 20_000,
  );

  it("runs the README's quickstart as written: connects, publishes, verifies the post.published webhook", async () => {
    if (!installed)
      throw new Error(`The Python SDK's virtual environment is missing (${PYTHON}): run \`${SETUP_COMMAND}\` first.`);
    const dir = mkdtempSync(join(tmpdir(), 'python-quickstart-'));
    try {
      writeFileSync(join(dir, 'quickstart.py'), readmeQuickstart());
      const outcome = await runPython(
        [join(dir, 'quickstart.py')],
        { SPS_API_URL: t.baseUrl, SPS_API_KEY: quickstartKey },
        90_000,
      );
      if (outcome.code !== 0) throw new Error(`The quickstart exited with ${outcome.code}:\n${outcome.output}`);
      expect(outcome.output).toMatch(
        /^connected x \S+ \S+\nvalid: True\naccepted pst_\S+ \w+\nverified post\.published: http\S+\n$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 100_000);
});
