import fc from 'fast-check';
import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectAccount } from '../support/connect-account';
import { connectUntilSession, startEmulatedApp } from '../support/connect-flow';
import { settledPost } from '../support/posts';
import { Answer, closeExchanges, exchange } from '../support/http-exchange';
import {
  ApiDocument,
  fillPath,
  loadApiDocument,
  Operation,
  operationName,
  SchemaObject,
} from '../support/openapi-operations';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * Property-based fuzzing of every route and method of the OpenAPI document: random, truncated,
 * oversized, wrongly typed and deeply nested bodies, bad headers, path parameters and query
 * strings, with a valid key and without. Every answer must be a 4xx in the error envelope (or a
 * 2xx the document lists, for an input valid by chance), never a 5xx, and the server stays up.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npx jest --selectProjects e2e --testPathPattern test/e2e/fuzz
 * FUZZ_RUNS sets the runs per route (default 120: about 2,000 requests, the file in about 20 s on 2 cores).
 */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const REDIRECT = 'https://app.example.com/connected';
const TENANT = 'fuzz-tenant';
const SQL = "'; DROP TABLE posts; --";
const SCRIPT = '<script>alert(1)</script>';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** Strings that have broken parsers, routers and queries somewhere. */
const NASTY = [
  SQL,
  SCRIPT,
  "acc_1' OR '1'='1",
  '"; SELECT pg_sleep(10); --',
  '../',
  '../../etc/passwd',
  '..%2f..%2fhealth',
  '%00',
  'a%00b',
  '\u0000',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '😀',
  '\u202e\u0301',
  '\ud800',
  ' ',
  '',
  'null',
  'undefined',
  '-1',
  '1e400',
  'NaN',
  '__proto__',
  'constructor',
  '{}',
  '[]',
  'acc_',
  'acc_0',
  `pst_${'A'.repeat(40)}`,
  `ps_${'a'.repeat(30)}`,
  'evt_abc',
  'x',
  'facebook',
  'twitter',
];
const URLS = [
  'https://192.0.2.1/hooks',
  'https://192.0.2.1/media/a.jpg',
  'http://127.0.0.1/a.jpg',
  'http://localhost/a.png',
  'https://[::1]/x',
  'javascript:alert(1)',
  'ftp://x/a.jpg',
  'https://u:p@192.0.2.1/a.gif',
  'not a url',
  REDIRECT,
];

interface Pools {
  /** Real ids the customer owns, so that some inputs go past the id check. */
  ids: string[];
}

const hostileText = (pools: Pools): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY, ...URLS) },
    { weight: 2, arbitrary: fc.constantFrom(...pools.ids) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.stringMatching(/^(acc|pst|evt|ps)_[0-9A-Za-z]{0,64}$/) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 6000 }).map((n) => 'a'.repeat(n)) },
  );

/** A value of any JSON type, small. */
const anyJson = (pools: Pools): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constant(1e308),
    hostileText(pools),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** Values shaped by a schema (right names, often the wrong types), so that validation goes deep. */
function shaped(
  document: ApiDocument,
  schema: SchemaObject | undefined,
  pools: Pools,
  depth = 0,
): fc.Arbitrary<unknown> {
  const resolved = document.resolve(schema);
  const wild = anyJson(pools);
  if (!resolved || depth > 4) return wild;
  if (resolved.properties) {
    const record = fc.record(
      Object.fromEntries(
        Object.entries(resolved.properties).map(([name, property]) => [
          name,
          shaped(document, property, pools, depth + 1),
        ]),
      ),
      { requiredKeys: [] },
    );
    const withExtra = fc.tuple(
      record,
      fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'tenantId', 'prototype'), wild, {
        maxKeys: 2,
      }),
    );
    return fc.oneof(
      { weight: 5, arbitrary: record },
      { weight: 1, arbitrary: withExtra.map(([a, b]) => ({ ...b, ...(a as object) })) },
      { weight: 1, arbitrary: wild },
    );
  }
  if (resolved.type === 'array') {
    return fc.oneof(
      { weight: 4, arbitrary: fc.array(shaped(document, resolved.items, pools, depth + 1), { maxLength: 4 }) },
      { weight: 1, arbitrary: wild },
    );
  }
  const known = [resolved.example, ...(resolved.enum ?? [])].filter((value) => value !== undefined);
  return fc.oneof(
    ...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(tomorrow(), ...URLS, TENANT) },
    { weight: 3, arbitrary: wild },
  );
}

/** How a body is made: kept as a small recipe, so that a failure prints in a few lines. */
type BodyRecipe =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'truncated'; value: unknown; cut: number }
  | { kind: 'padded'; value: unknown; overLimitBy: number }
  | { kind: 'nested'; depth: number; shape: 'array' | 'object'; under: string | null }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: number[] };

function bodyRecipes(
  document: ApiDocument,
  operation: Operation,
  pools: Pools,
  limit: number,
): fc.Arbitrary<BodyRecipe> {
  const value = shaped(document, operation.body, pools);
  const fields = Object.keys(document.resolve(operation.body)?.properties ?? {});
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 8, arbitrary: value.map((v) => ({ kind: 'json' as const, value: v })) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncated' as const), value, cut: fc.nat() }) },
    // From 1 KiB under the limit to as much again over it.
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('padded' as const),
        value,
        overLimitBy: fc.oneof(fc.integer({ min: -1024, max: 64 }), fc.integer({ min: 1, max: limit })),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('nested' as const),
        depth: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: Math.floor(limit / 7) })),
        shape: fc.constantFrom('array' as const, 'object' as const),
        under: fc.constantFrom(null, ...fields),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.oneof(
          fc.constantFrom(
            '',
            'null',
            '""',
            '1e999999',
            '[]',
            '{"a":1}garbage',
            '{"a":1}{"b":2}',
            '\ufeff{}',
            '{"a":"\\ud800"}',
            '{"a":"\\u0000"}',
            "{'a':1}",
            '{"a":1,}',
          ),
          fc.string({ maxLength: 50 }),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
      }),
    },
  );
}

function nested(depth: number, shape: 'array' | 'object'): string {
  return shape === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function buildBody(recipe: BodyRecipe, limit: number): Buffer | undefined {
  switch (recipe.kind) {
    case 'none':
      return undefined;
    case 'json':
      return Buffer.from(JSON.stringify(recipe.value) ?? 'null');
    case 'truncated': {
      const text = JSON.stringify(recipe.value) ?? 'null';
      return Buffer.from(text.slice(0, recipe.cut % Math.max(1, text.length)));
    }
    case 'padded': {
      const base =
        recipe.value !== null && typeof recipe.value === 'object' && !Array.isArray(recipe.value)
          ? (recipe.value as Record<string, unknown>)
          : { value: recipe.value };
      const size = Buffer.byteLength(JSON.stringify({ ...base, pad: '' }));
      return Buffer.from(JSON.stringify({ ...base, pad: 'x'.repeat(Math.max(0, limit + recipe.overLimitBy - size)) }));
    }
    case 'nested': {
      const inner = nested(recipe.depth, recipe.shape);
      return Buffer.from(recipe.under === null ? inner : `{${JSON.stringify(recipe.under)}:${inner}}`);
    }
    case 'text':
      return Buffer.from(recipe.text);
    case 'bytes':
      return Buffer.from(recipe.bytes);
  }
}

/** Header values Node will send: tab, printable ASCII and Latin-1. */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

type AuthRecipe =
  | { kind: 'valid' }
  | { kind: 'none' }
  | { kind: 'twice' }
  | { kind: 'literal'; value: string }
  | { kind: 'huge'; length: number };

const authRecipes: fc.Arbitrary<AuthRecipe> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'valid' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'twice' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('huge' as const),
      length: fc.oneof(fc.integer({ min: 100, max: 12_000 }), fc.integer({ min: 12_000, max: 20_000 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('literal' as const),
      value: fc.oneof(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer  {key}',
          'bearer {key}',
          'BEARER {key}',
          '{key}',
          'Bearer {key} extra',
          'Bearer {key}, Bearer {key}',
          'Basic Zm9vOmJhcg==',
          'Bearer sps_',
          'Bearer sps_%00',
          `Bearer ${SQL}`,
        ),
        headerText(60),
      ),
    }),
  },
);

function authHeaders(recipe: AuthRecipe, key: string): Array<[string, string]> {
  switch (recipe.kind) {
    case 'valid':
      return [['Authorization', `Bearer ${key}`]];
    case 'none':
      return [];
    case 'twice':
      return [
        ['Authorization', `Bearer ${key}`],
        ['Authorization', `Bearer ${key}`],
      ];
    case 'huge':
      return [['Authorization', `Bearer ${key}${'k'.repeat(recipe.length)}`]];
    case 'literal':
      return [['Authorization', recipe.value.replaceAll('{key}', key)]];
  }
}

const contentTypes: fc.Arbitrary<string[]> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string[]>(['application/json']) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<string[]>(
      [],
      [''],
      ['application/json; charset=utf-8'],
      ['Application/JSON'],
      ['application/json; charset=latin1'],
      ['application/json; charset=utf-16'],
      ['application/json', 'application/json'],
      ['application/json', 'text/plain'],
      ['application/json, text/plain'],
      ['application/json;;;'],
      ['application/vnd.api+json'],
      ['text/plain'],
      ['application/x-www-form-urlencoded'],
      ['multipart/form-data; boundary=x'],
      ['*/*'],
    ),
  },
  { weight: 1, arbitrary: fc.array(headerText(80), { minLength: 1, maxLength: 2 }) },
);

const otherHeaders: fc.Arbitrary<Array<[string, string]>> = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.tuple(
        fc.constantFrom(
          'Idempotency-Key',
          'X-Request-Id',
          'Accept',
          'Content-Encoding',
          'Accept-Encoding',
          'Origin',
          'Cookie',
          'X-Forwarded-For',
        ),
        headerText(300),
      ),
    },
    // Mostly within Node's 16 KiB for all headers, sometimes beyond (a 431).
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('Idempotency-Key', 'X-Huge'),
        fc
          .oneof(
            { weight: 3, arbitrary: fc.integer({ min: 200, max: 12_000 }) },
            { weight: 1, arbitrary: fc.integer({ min: 12_000, max: 20_000 }) },
          )
          .map((n) => 'h'.repeat(n)),
      ),
    },
  ),
  { maxLength: 3 },
);

/** Percent-encodes a value, keeping raw whatever `keep` matches (so '../' and '%00' can travel as they are). */
function percentEncode(value: string, keep: RegExp): string {
  return [...value]
    .map((char) =>
      keep.test(char)
        ? char
        : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    )
    .join('');
}

const encodings = fc.constantFrom('component' as const, 'raw' as const);
const encode = (value: string, how: 'component' | 'raw') =>
  percentEncode(value, how === 'component' ? /^[A-Za-z0-9_.~-]$/ : /^[\x21-\x7e]$/);

interface RequestRecipe {
  params: Array<[string, 'component' | 'raw']>;
  query: Array<[string, string, 'component' | 'raw']>;
  auth: AuthRecipe;
  contentType: string[];
  headers: Array<[string, string]>;
  body: BodyRecipe;
}

function requestRecipes(
  document: ApiDocument,
  operation: Operation,
  pools: Pools,
  limit: number,
): fc.Arbitrary<RequestRecipe> {
  const text = hostileText(pools);
  const queryNames = operation.queryParams.map((param) => param.name);
  return fc.record({
    params: fc.tuple(...operation.pathParams.map(() => fc.tuple(text, encodings))) as fc.Arbitrary<
      Array<[string, 'component' | 'raw']>
    >,
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...queryNames, 'tenantId', 'limit', '__proto__', 'tenantId[]', 'limit[a]', 'a.b'),
          text,
        ),
        text,
        encodings,
      ),
      { maxLength: 5 },
    ),
    auth: authRecipes,
    contentType: contentTypes,
    headers: otherHeaders,
    body: bodyRecipes(document, operation, pools, limit),
  });
}

const ENVELOPE_KEYS = ['code', 'message', 'requestId'];

/** What must hold of any answer: a 4xx in the envelope with its request id, or a 2xx the document lists. Returns the problem, if any. */
function contractBroken(operation: Operation, answer: Answer): string | undefined {
  if (answer.status >= 500) return `a ${answer.status}`;
  if (answer.status >= 400) {
    const body = answer.json as { success?: unknown; error?: Record<string, unknown> } | undefined;
    if (!body || body.success !== false || typeof body.error !== 'object' || body.error === null)
      return 'a 4xx not in the error envelope';
    if (Object.keys(body).sort().join() !== 'error,success') return 'extra keys beside success and error';
    const keys = Object.keys(body.error).filter((key) => key !== 'details');
    if (keys.sort().join() !== ENVELOPE_KEYS.join()) return `error keys ${keys.join()}`;
    if (typeof body.error.code !== 'string' || typeof body.error.message !== 'string')
      return 'code or message not a string';
    if (body.error.requestId !== answer.headers['x-request-id']) return 'requestId differs from X-Request-Id';
    return undefined;
  }
  if (answer.status >= 200 && answer.status < 300) {
    if (!operation.statuses.includes(answer.status)) return `an undocumented ${answer.status}`;
    if (operation.secured && (answer.json as { success?: unknown } | undefined)?.success !== true)
      return 'a 2xx not in the success envelope';
    return undefined;
  }
  return `a ${answer.status}`;
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

describe('Fuzz: hostile input on every route of the OpenAPI document', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let port: number;
  let document: ApiDocument;
  let limit: number;
  const pools: Pools = { ids: [] };
  const tally = { requests: 0, byStatus: new Map<number, number>() };

  const authed = (test: request.Test) => test.set('Authorization', `Bearer ${customer.apiKey}`);

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'false', WEBHOOK_TIMEOUT_MS: '1000', RATE_LIMIT_PER_SECOND: '0' },
    });
    port = Number(new URL(t.baseUrl).port);
    limit = t.config.http.bodyLimitBytes;
    customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    document = await loadApiDocument(t.server);

    // Real ids of each kind, so that some fuzzed requests reach the resource itself.
    const account = (await connectAccount(t, customer, 'x', TENANT)).id;
    const pending = (
      await connectUntilSession(t, customer.apiKey, { network: 'facebook', tenantId: TENANT, redirectUri: REDIRECT })
    ).session;
    const post = await authed(request(t.server).post('/api/v1/posts')).send({
      tenant_id: TENANT,
      accounts: [account],
      containers: [{ content: 'hello' }],
      scheduledAt: tomorrow(),
    });
    expect(post.status).toBe(202);
    const [event] = await t.db.query<{ id: string }>('SELECT id FROM events WHERE customer_id = $1 LIMIT 1', [
      customer.id,
    ]);
    pools.ids.push(account, pending, post.body.data.id, event!.id);
  });
  afterAll(async () => {
    closeExchanges();
    await t?.close();
    const statuses = [...tally.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`);
    console.log(
      `Fuzz (seed ${SEED}, ${RUNS} runs a route): ${tally.requests} requests answered ${statuses.join(', ')}`,
    );
  });

  it('reads the routes from the OpenAPI document', () => {
    expect(document.operations.length).toBeGreaterThanOrEqual(15);
    expect(document.operations.filter((operation) => operation.body).length).toBeGreaterThanOrEqual(4);
  });

  it('answers every fuzzed request on every route with a 4xx in the envelope or a documented 2xx, never a 5xx', async () => {
    for (const [index, operation] of document.operations.entries()) {
      const seed = SEED + index;
      let failure = '';
      const property = fc.asyncProperty(requestRecipes(document, operation, pools, limit), async (recipe) => {
        const params = Object.fromEntries(operation.pathParams.map((name, i) => [name, encode(...recipe.params[i]!)]));
        const query = recipe.query.map(([name, value, how]) => `${encode(name, how)}=${encode(value, how)}`).join('&');
        const path = fillPath(operation, params) + (query ? `?${query}` : '');
        const body = buildBody(recipe.body, limit);
        const headers: Array<[string, string]> = [
          ...authHeaders(recipe.auth, customer.apiKey),
          ...recipe.contentType.map((type): [string, string] => ['Content-Type', type]),
          ...recipe.headers,
        ];
        const answer = await exchange(port, { method: operation.method.toUpperCase(), path, headers, body });
        tally.requests++;
        tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
        const problem = contractBroken(operation, answer);
        if (problem) {
          failure =
            `${operationName(operation)} answered ${problem}: ${answer.status} ${clip(answer.text)}\n` +
            `  request: ${operation.method.toUpperCase()} ${clip(path)}\n  headers: ${clip(JSON.stringify(headers))}\n  body (${body?.length ?? 0} bytes): ${clip(body?.toString('utf8') ?? '')}`;
          throw new Error(failure);
        }
      });
      try {
        await fc.assert(property, { seed, numRuns: RUNS, endOnFailure: true });
      } catch (error) {
        // fast-check's own message prints the whole counterexample (bodies of a megabyte): its first lines name the seed and path.
        const summary = (error as Error).message.split('\n').slice(0, 2).join('\n');
        throw new Error(
          `Fuzz of ${operationName(operation)} failed (FUZZ_SEED=${SEED} reproduces it):\n${summary}\n${failure || clip((error as Error).message, 2000)}`,
        );
      }
    }
    expect(tally.requests).toBe(document.operations.length * RUNS);
  }, 120_000);

  it('refuses a body of nested brackets within the size limit with a 400, on every route with a body (the fuzz found a 500: a stack overflow)', async () => {
    const depth = Math.floor(limit / 3);
    for (const operation of document.operations.filter((candidate) => candidate.body)) {
      for (const body of [nested(depth, 'array'), `{"a":${nested(depth, 'array')}}`]) {
        const path = fillPath(
          operation,
          Object.fromEntries(operation.pathParams.map((name) => [name, name === 'network' ? 'x' : pools.ids[1]!])),
        );
        const answer = await exchange(port, {
          method: operation.method.toUpperCase(),
          path,
          headers: [
            ['Authorization', `Bearer ${customer.apiKey}`],
            ['Content-Type', 'application/json'],
          ],
          body: Buffer.from(body),
        });
        expect({
          route: operationName(operation),
          status: answer.status,
          code: (answer.json as { error?: { code?: string } }).error?.code,
        }).toEqual({
          route: operationName(operation),
          status: 400,
          code: 'validation_failed',
        });
      }
    }
  });

  it('round-trips SQL-looking and script-looking text as plain data, and the database is intact', async () => {
    const hostile = `${SQL} ${SCRIPT} "><img src=x onerror=alert(1)> \\x27 %27 &#39; 😀`;
    const tenantId = 'fuzz-roundtrip';
    // A Page named with it at the network: its name comes back through the pending session and the account.
    const created = await fetch(`${t.baseUrl}/emulator/control/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'mallory', name: 'Mallory', pages: [{ name: hostile.slice(0, 100) }] }),
    });
    expect(created.status).toBe(201);
    const { session } = await connectUntilSession(t, customer.apiKey, {
      network: 'facebook',
      tenantId,
      redirectUri: REDIRECT,
      emulatorUser: 'mallory',
    });
    const pages = (await authed(request(t.server).get(`/api/v1/social-accounts/pending/${session}`))).body.data
      .availablePages;
    expect(pages.map((page: { name: string }) => page.name)).toEqual([hostile.slice(0, 100)]);
    const [account] = (
      await authed(request(t.server).post(`/api/v1/social-accounts/pending/${session}/finalize`)).send({
        selectedPageIds: [pages[0].id],
      })
    ).body.data;
    expect(account.nickname).toBe(hostile.slice(0, 100));
    const listed = await authed(request(t.server).get(`/api/v1/social-accounts?tenantId=${tenantId}`));
    expect(listed.body.data.map((a: { nickname: string }) => a.nickname)).toEqual([hostile.slice(0, 100)]);
    // Byte for byte in the raw answer, not only once decoded.
    expect(listed.text).toContain(JSON.stringify(hostile.slice(0, 100)));

    // A post's text reaches the network exactly as it was sent.
    const post = await authed(
      request(t.server).post('/api/v1/posts').set('Idempotency-Key', `${SQL}${SCRIPT}`.replaceAll(' ', '_')),
    ).send({ tenant_id: tenantId, accounts: [account.id], containers: [{ content: hostile }] });
    expect(`${post.status} ${post.status === 202 ? '' : post.text}`).toBe('202 ');
    const settled = await settledPost(t, customer, post.body.data.id);
    expect(settled.status).toBe('published');
    const published = await (await fetch(`${t.baseUrl}/emulator/control/published?network=facebook`)).text();
    expect(published).toContain(JSON.stringify(hostile).slice(1, -1));

    // A webhook URL carrying them in its query comes back as it was sent (in the WHATWG form the service stores: ' as %27).
    const url = new URL(`https://192.0.2.1/hooks?q=${encodeURIComponent(SQL)}&s=${encodeURIComponent(SCRIPT)}`).href;
    const put = await authed(request(t.server).put('/api/v1/webhooks')).send({
      url,
      webhook_secret: `${SQL}${SCRIPT}`,
    });
    expect(put.status).toBe(200);
    expect((await authed(request(t.server).get('/api/v1/webhooks'))).body.data.url).toBe(url);

    // A tenant id cannot hold them: refused as malformed, in the query and in the body alike.
    for (const tenant of [SQL, SCRIPT]) {
      const posts = await authed(request(t.server).get(`/api/v1/posts?tenantId=${encodeURIComponent(tenant)}`));
      const accounts = await authed(
        request(t.server).get(`/api/v1/social-accounts?tenantId=${encodeURIComponent(tenant)}`),
      );
      const refused = await authed(request(t.server).post('/api/v1/posts')).send({
        tenant_id: tenant,
        accounts: [account.id],
        containers: [{ content: 'x' }],
      });
      for (const response of [posts, accounts, refused])
        expect({ tenant, status: response.status, code: response.body.error?.code }).toEqual({
          tenant,
          status: 400,
          code: 'validation_failed',
        });
    }

    // The database is intact, and holds the text as data.
    const tables = await t.db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'posts',
        'deliveries',
        'connected_accounts',
        'api_keys',
        'customers',
        'events',
        'webhook_endpoints',
      ]),
    );
    const [stored] = await t.db.query<{ containers: Array<{ content: string }> }>(
      'SELECT containers FROM posts WHERE id = $1',
      [post.body.data.id],
    );
    expect(stored!.containers[0]!.content).toBe(hostile);
  });

  it('is still up and healthy after all of it', async () => {
    const health = await request(t.server).get('/health');
    expect({ status: health.status, body: health.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up' },
    });
    expect((await authed(request(t.server).get(`/api/v1/social-accounts?tenantId=${TENANT}`))).status).toBe(200);
  });
});
