import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { browse, startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { createPost } from '../support/posts';
import { connectWorldAccount, testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const TENANT = 'tenant-mcp';
const REDIRECT = 'https://app.example.com/connected';
const ROOT = join(__dirname, '..', '..');
/** Well formed, never issued: the service refuses it as unknown. */
const UNKNOWN_KEY = `sps_test_${'0'.repeat(43)}`;

type Transport = 'http' | 'stdio';

/** An MCP client of the SDK's own, over either transport, with a key. */
async function connectClient(t: TestApp & { baseUrl: string }, transport: Transport, apiKey: string): Promise<Client> {
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  if (transport === 'http') {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${apiKey}` } },
      }),
    );
  } else {
    // What `npm run --silent mcp` runs, from the source (the suite does not build dist/ for it).
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['-r', 'ts-node/register/transpile-only', join('src', 'mcp', 'main.ts')],
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', SPS_API_URL: t.baseUrl, SPS_API_KEY: apiKey },
        stderr: 'pipe',
      }),
    );
  }
  return client;
}

function dataOf(result: CallToolResult): Record<string, unknown> {
  if (result.isError) throw new Error(`The tool failed: ${JSON.stringify(result.content)}`);
  return (result.structuredContent as { data: Record<string, unknown> }).data;
}

function textOf(contents: { text: string } | { blob: string } | undefined): string {
  return contents && 'text' in contents ? contents.text : '';
}

function errorOf(result: CallToolResult): { status: number; code: string; message: string } {
  expect(result.isError).toBe(true);
  return (result.structuredContent as { error: { status: number; code: string; message: string } }).error;
}

/**
 * The MCP server, driven by the MCP SDK's own client over both transports: the Streamable HTTP
 * endpoint of the running service (/mcp) and the stdio server (`npm run mcp`) reaching the same
 * service over HTTP. A test key's agent connects an account, validates and publishes a post in the
 * sandbox and reads it back; another customer's post and a key the service does not know are refused.
 */
describe('The MCP server', () => {
  let t: TestApp & { baseUrl: string };
  let testKey: TestCustomer;
  let liveKey: TestCustomer;
  let othersPostId: string;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    const live = await t.createCustomer('mcp');
    await t.app.get(RedirectUrlsService).add(live.id, REDIRECT);
    testKey = await testWorldOf(t, live);
    liveKey = live;
    // Another customer, with a post of its own in its own test world.
    const other = await t.createCustomer('mcp-other');
    await t.app.get(RedirectUrlsService).add(other.id, REDIRECT);
    const othersKey = await testWorldOf(t, other);
    const othersAccount = await connectWorldAccount(t, othersKey, 'x', TENANT, REDIRECT);
    const accepted = await createPost(t, othersKey, {
      tenant_id: TENANT,
      accounts: [othersAccount.id],
      containers: [{ content: 'Not yours' }],
    });
    expect(accepted.status).toBe(202);
    othersPostId = accepted.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  describe.each<Transport>(['http', 'stdio'])('over %s', (transport) => {
    let client: Client;
    let accountId: string;

    beforeAll(async () => {
      client = await connectClient(t, transport, testKey.apiKey);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('lists the tools, each saying that this test key acts in the sandbox', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(
        [
          'answer_comment',
          'cancel_post',
          'create_post',
          'get_account_metrics',
          'get_comment_request',
          'get_media',
          'get_network_capabilities',
          'get_post',
          'get_post_metrics',
          'list_accounts',
          'list_comments',
          'list_networks',
          'list_posts',
          'start_connecting_account',
          'unpublish_post',
          'upload_media_from_url',
          'validate_post',
        ].sort(),
      );
      const createPostTool = tools.find((tool) => tool.name === 'create_post')!;
      expect(createPostTool.description).toContain('publishes in the sandbox');
      // Over /mcp the POST carrying the call is a request of the rate limit too.
      expect(createPostTool.description).toContain(
        transport === 'http' ? 'Costs 2 requests of your API rate limit' : 'Costs one request of your API rate limit',
      );
      expect(createPostTool.inputSchema.required).toEqual(expect.arrayContaining(['idempotencyKey', 'containers']));
    });

    it('connects an X profile: start_connecting_account answers the auth_url a person opens', async () => {
      const started = dataOf(
        (await client.callTool({
          name: 'start_connecting_account',
          arguments: { network: 'x', tenant_id: TENANT, redirect_uri: REDIRECT, clientState: `mcp-${transport}` },
        })) as CallToolResult,
      );
      const { finalUrl } = await browse(String(started.auth_url));
      const session = finalUrl.searchParams.get('session')!;
      const pending = await fetch(`${t.baseUrl}/api/v1/social-accounts/pending/${session}`, {
        headers: { Authorization: `Bearer ${testKey.apiKey}` },
      }).then((answer) => answer.json() as Promise<{ data: { availablePages: Array<{ id: string }> } }>);
      const finalized = await fetch(`${t.baseUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${testKey.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ selectedPageIds: [pending.data.availablePages[0]!.id] }),
      }).then((answer) => answer.json() as Promise<{ data: Array<{ id: string }> }>);
      accountId = finalized.data[0]!.id;
      const accounts = (await client.callTool({
        name: 'list_accounts',
        arguments: { tenantId: TENANT },
      })) as CallToolResult;
      expect(
        (accounts.structuredContent as { data: Array<{ id: string }> }).data.map((account) => account.id),
      ).toContain(accountId);
    });

    it('validates a post, then publishes it with an idempotency key and reads it back, published', async () => {
      const post = {
        tenant_id: TENANT,
        accounts: [accountId],
        containers: [{ content: `Hello from MCP over ${transport}` }],
      };
      const validation = dataOf((await client.callTool({ name: 'validate_post', arguments: post })) as CallToolResult);
      expect(validation.valid).toBe(true);

      const idempotencyKey = randomUUID();
      const accepted = dataOf(
        (await client.callTool({ name: 'create_post', arguments: { ...post, idempotencyKey } })) as CallToolResult,
      );
      // The same call again (an agent retrying): the first answer, nothing published twice.
      const again = dataOf(
        (await client.callTool({ name: 'create_post', arguments: { ...post, idempotencyKey } })) as CallToolResult,
      );
      expect(again.id).toBe(accepted.id);

      const published = await until('the post to be published', async () => {
        const current = dataOf(
          (await client.callTool({ name: 'get_post', arguments: { id: accepted.id } })) as CallToolResult,
        );
        return current.status === 'published' && current;
      });
      expect(
        (published.deliveries as Array<{ accountId: string; status: string }>).map((d) => [d.accountId, d.status]),
      ).toEqual([[accountId, 'published']]);
    });

    it("answers an API refusal as a tool error with the API's code: a post the API refuses, another customer's post", async () => {
      const refused = errorOf(
        (await client.callTool({
          name: 'validate_post',
          arguments: { tenant_id: TENANT, accounts: ['not-an-account'], containers: [{ content: 'x' }] },
        })) as CallToolResult,
      );
      expect(refused).toMatchObject({ status: 400, code: 'validation_failed' });
      const notYours = errorOf(
        (await client.callTool({ name: 'get_post', arguments: { id: othersPostId } })) as CallToolResult,
      );
      expect(notYours).toMatchObject({ status: 404, code: 'not_found' });
    });

    it('uploads a medium from a URL, ready for a post', async () => {
      const medium = dataOf(
        (await client.callTool({
          name: 'upload_media_from_url',
          arguments: { url: media.url('bread.jpg') },
        })) as CallToolResult,
      );
      expect(medium).toMatchObject({ state: 'ready', contentType: 'image/jpeg', filename: 'bread.jpg' });
    });

    it("refuses what is no file (a 404), what the API refuses (an MP4 that is none), and at /mcp the service's own address", async () => {
      const upload = async (url: string) =>
        errorOf((await client.callTool({ name: 'upload_media_from_url', arguments: { url } })) as CallToolResult);
      expect(await upload(media.url('missing-photo.jpg'))).toMatchObject({ code: 'media_url_unreachable' });
      // Served without a Content-Length (read whole first), its bytes no MP4's: the upload route's own 415.
      expect(await upload(media.url('unsized.mp4'))).toMatchObject({ status: 415 });
      const itself = await upload(`${t.baseUrl}/health`);
      // In the service, its own address is refused before anything is fetched, even with ALLOW_PRIVATE_URLS;
      // the stdio server fetches it as the agent's machine would, and the API refuses a JSON "medium".
      if (transport === 'http') expect(itself).toMatchObject({ code: 'media_url_private' });
      else expect(itself).toMatchObject({ status: 400, code: 'validation_failed' });
    });

    it("serves the docs and the networks' capability documents as resources", async () => {
      const { resources } = await client.listResources();
      const uris = resources.map((resource) => resource.uri);
      expect(uris).toEqual(expect.arrayContaining(['sps://docs/mcp.md', 'sps://docs/api.md', 'sps://networks/x']));
      const x = await client.readResource({ uri: 'sps://networks/x' });
      expect(JSON.parse(textOf(x.contents[0]))).toMatchObject({ id: 'x', text: { maxLength: 280 } });
      const api = await client.readResource({ uri: 'sps://docs/api.md' });
      expect(textOf(api.contents[0])).toContain('/api/v1/posts');
    });
  });

  it('refuses a key the service does not know: /mcp answers 401, and over stdio every tool answers unauthorized', async () => {
    // The SDK's client fails to connect with the HTTP status, and the API's own error in its message.
    await expect(connectClient(t, 'http', UNKNOWN_KEY)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining('"code":"unauthorized"'),
    });
    const refusal = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refusal.status).toBe(401);
    expect(refusal.headers.get('www-authenticate')).toBe('Bearer');
    expect(await refusal.json()).toMatchObject({ success: false, error: { code: 'unauthorized' } });

    const stdio = await connectClient(t, 'stdio', UNKNOWN_KEY);
    try {
      const answer = (await stdio.callTool({ name: 'list_posts', arguments: {} })) as CallToolResult;
      expect(errorOf(answer)).toMatchObject({ status: 401, code: 'unauthorized' });
    } finally {
      await stdio.close();
    }
  });

  it("says with a live key that the tools act for real, on the customer's live accounts", async () => {
    const client = await connectClient(t, 'http', liveKey.apiKey);
    try {
      const { tools } = await client.listTools();
      const createPostTool = tools.find((tool) => tool.name === 'create_post')!;
      expect(createPostTool.description).toContain('FOR REAL');
      expect(createPostTool.annotations?.openWorldHint).toBe(true);
      expect(tools.find((tool) => tool.name === 'list_posts')!.description).toContain('your live accounts');
    } finally {
      await client.close();
    }
  });

  it('answers GET and DELETE of /mcp with 405: the stateless transport takes POST only', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(`${t.baseUrl}/mcp`, {
        method,
        headers: { Authorization: `Bearer ${testKey.apiKey}`, Accept: 'text/event-stream' },
      });
      expect([method, answer.status, answer.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
  });
});

describe("The MCP endpoint's rate limit", () => {
  /** The bucket's size: a tool call over /mcp takes two (the /mcp request and the API call it makes). */
  const BURST = 3;
  let t: TestApp & { baseUrl: string };
  let key: TestCustomer;

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { RATE_LIMIT_PER_SECOND: '1', RATE_LIMIT_BURST: String(BURST) } });
    // Another customer's first request reads the API document (not counted), so the calls below are quick.
    const warm = await connectClient(t, 'http', (await t.createCustomer('mcp-warm')).apiKey);
    await warm.close();
    key = await t.createCustomer('mcp-limited');
  });
  afterAll(() => t?.close());

  it("counts each /mcp request and each API call a tool makes against the key's limit, as the API does", async () => {
    // No initialize: the stateless endpoint answers each request on its own, and every request counts.
    const call = () =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key.apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_posts', arguments: {} },
        }),
      });
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(BURST - 1));
    expect(((await first.json()) as { result: CallToolResult }).result.isError).toBeUndefined();
    // The second /mcp request takes the last token; the API call it makes is refused, as a tool error.
    const second = await call();
    expect(second.status).toBe(200);
    const refused = ((await second.json()) as { result: CallToolResult }).result;
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 'rate_limited' });
    // Then /mcp itself is refused, as the API refuses: 429 in its envelope, with Retry-After.
    const third = await call();
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await third.json()).toMatchObject({ success: false, error: { code: 'rate_limited' } });
  });
});
