import request from 'supertest';
import { connectAccount, createEmulatorUser } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { capabilitiesOf, requiredPostOptions } from '../support/network-cases';
import type { NetworkCapabilitiesView } from '../../src/networks/capabilities/dto/network-capabilities.view';
import { createPost, PostBody } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { TESTED_NETWORKS, TestedNetwork } from '../support/networks';

const TENANT = 'tenant-dry-run';
const DAY_MS = 86_400_000;

type Container = PostBody['containers'][number];
/** Serves the media files named (validate fetches each URL); a name starting with `missing-` answers 404. */
let cdn: Awaited<ReturnType<typeof startMediaServer>>;
const media = (...names: string[]) => names.map((name) => ({ url: cdn.url(name) }));
/**
 * A container every network takes: text and one JPEG. Its media are read when a body is sent (a
 * getter): tables of bodies are built before the media server has started.
 */
const FINE: Container = {
  content: 'Fresh bread',
  get media() {
    return media('bread.jpg');
  },
};
/** The same, as a video, for a network whose post is a video (YouTube). */
const FINE_VIDEO: Container = {
  content: 'Fresh bread',
  get media() {
    return media('bread.mp4');
  },
};
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString();

interface Problem {
  field: string;
  rule: string;
  message: string;
}
interface AccountVerdict {
  accountId: string;
  platform: string | null;
  valid: boolean;
  problems: Problem[];
}
interface Verdict {
  valid: boolean;
  warnings: Problem[];
  problems: Problem[];
  accounts: AccountVerdict[];
}

const problem = (field: string, rule: string, message: RegExp) => ({
  field,
  rule,
  message: expect.stringMatching(message),
});

describe('POST /posts/validate: a dry run of POST /posts (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  const active = {} as Record<TestedNetwork, string>;
  /** Each network's capability document: which take no image, no thread, no post without media. */
  const documents = {} as Record<TestedNetwork, NetworkCapabilitiesView>;
  const defaultPlacement = (network: TestedNetwork) =>
    documents[network].placements[documents[network].defaultPlacement]!;
  /** Networks whose post is a video: they take no JPEG, and have cases of their own where the others share one. */
  const videoOnly = (network: TestedNetwork) => !defaultPlacement(network).media.kinds.image;
  let expired: string;
  let disconnected: string;

  const validate = (body: unknown, idempotencyKey?: string) => {
    const call = request(t.server).post('/api/v1/posts/validate').set('Authorization', `Bearer ${customer.apiKey}`);
    if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
    return call.send(body as object);
  };
  /** The verdict of a body POST /posts could take: a 200 whatever the verdict. */
  const verdictOf = async (body: unknown): Promise<Verdict> => {
    const response = await validate(body);
    expect({ status: response.status, success: response.body.success }).toEqual({ status: 200, success: true });
    return response.body.data as Verdict;
  };
  /** A body for the accounts, with the options their networks need on every post (Pinterest's board). */
  const post = (accounts: string[], containers: Container[], extra: Record<string, unknown> = {}) => {
    const options = Object.assign(
      {},
      ...TESTED_NETWORKS.filter((network) => accounts.includes(active[network])).map(requiredPostOptions),
    ) as Record<string, unknown>;
    return {
      tenant_id: TENANT,
      accounts,
      containers,
      ...(Object.keys(options).length ? { options } : {}),
      ...extra,
    };
  };
  /** A post `network` takes alone: the shared container, or a video where its post is one. */
  const fineOn = (network: TestedNetwork, container: Container = FINE) =>
    post([active[network]], [videoOnly(network) && container === FINE ? FINE_VIDEO : container]);
  /** The networks that take the shared container (text and a JPEG). */
  const imageNetworks = () => TESTED_NETWORKS.filter((network) => !videoOnly(network));
  const fine = (accountId: string, platform: string): AccountVerdict => ({
    accountId,
    platform,
    valid: true,
    problems: [],
  });

  /** Everything a post leaves behind anywhere; a dry run must leave none of it. */
  async function footprint(): Promise<Record<string, string>> {
    const [row] = await t.db.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM posts)::text AS posts,
              (SELECT count(*) FROM deliveries)::text AS deliveries,
              (SELECT count(*) FROM publish_lanes)::text AS lanes,
              (SELECT count(*) FROM idempotency_keys)::text AS idempotency_keys,
              (SELECT count(*) FROM graphile_worker._private_jobs)::text AS jobs,
              (SELECT count(*) FROM events)::text AS events,
              (SELECT count(*) FROM webhook_attempts)::text AS webhook_attempts`,
    );
    return row!;
  }

  beforeAll(async () => {
    cdn = await startMediaServer();
    // The media server listens on loopback. A private address in a media URL is refused with
    // ALLOW_PRIVATE_URLS=false: media-url-dns.e2e-spec.ts shows it.
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    for (const network of TESTED_NETWORKS) {
      active[network] = (await connectAccount(t, customer, network, TENANT)).id;
      documents[network] = await capabilitiesOf(t, customer.apiKey, network);
    }
    for (const id of ['expiring', 'leaving']) await createEmulatorUser(t, id);
    expired = (await connectAccount(t, customer, 'x', TENANT, { emulatorUser: 'expiring' })).id;
    await t.db.query("UPDATE connected_accounts SET status = 'expired' WHERE id = $1", [expired]);
    disconnected = (await connectAccount(t, customer, 'x', TENANT, { emulatorUser: 'leaving' })).id;
    const gone = await request(t.server)
      .delete(`/api/v1/social-accounts/${disconnected}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(gone.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  describe('valid', () => {
    it.each(TESTED_NETWORKS)('%s: a post it takes', async (network) => {
      expect(await verdictOf(fineOn(network))).toEqual({
        warnings: [],
        valid: true,
        problems: [],
        accounts: [fine(active[network], network)],
      });
    });

    it('every network at once, scheduled, with a thread (those with none naming the second container)', async () => {
      const verdict = await verdictOf(
        post(
          imageNetworks().map((network) => active[network]),
          [FINE, { content: 'A comment' }],
          { scheduledAt: tomorrow() },
        ),
      );
      const withoutThreads = TESTED_NETWORKS.filter((network) => defaultPlacement(network).thread === null);
      expect(withoutThreads.length).toBeGreaterThan(0);
      expect(verdict).toEqual({
        warnings: [],
        valid: false,
        problems: [],
        accounts: imageNetworks().map((network) =>
          withoutThreads.includes(network)
            ? {
                accountId: active[network],
                platform: network,
                valid: false,
                problems: [problem('containers[1]', 'thread_not_allowed', /no threads/)],
              }
            : fine(active[network], network),
        ),
      });
    });
  });

  describe("each network's own limits, per account", () => {
    it('x: 141 emoji weigh 282, over 280', async () => {
      const verdict = await verdictOf(post([active.x], [{ content: '🙂'.repeat(141) }]));
      expect(verdict).toEqual({
        warnings: [],
        valid: false,
        problems: [],
        accounts: [
          {
            accountId: active.x,
            platform: 'x',
            valid: false,
            problems: [problem('containers[0].content', 'text_too_long', /at most 280 weighted characters \(got 282/)],
          },
        ],
      });
    });

    it('x: 5 images and an empty thread part, both named', async () => {
      const verdict = await verdictOf(
        post([active.x], [{ content: 'x', media: media('1.png', '2.png', '3.png', '4.png', '5.png') }, {}]),
      );
      expect(verdict.accounts[0]!.problems).toEqual([
        problem('containers[0].media', 'media_too_many', /at most 4 images \(got 5\)/),
        problem('containers[1].content', 'content_required', /needs text or media/),
      ]);
    });

    it('text without media, in a post the networks that need none take: the others refuse it', async () => {
      const accounts = imageNetworks().map((network) => active[network]);
      const verdict = await verdictOf(post(accounts, [{ content: 'Words only' }]));
      const needMedia = (network: TestedNetwork) => defaultPlacement(network).media.minItems > 0;
      expect(imageNetworks().filter(needMedia).length).toBeGreaterThan(0);
      expect(verdict).toEqual({
        warnings: [],
        valid: false,
        problems: [],
        accounts: imageNetworks().map((network) =>
          needMedia(network)
            ? {
                accountId: active[network],
                platform: network,
                valid: false,
                problems: [problem('containers[0].media', 'media_required', /./)],
              }
            : fine(active[network], network),
        ),
      });
      // Each refusal says what the network takes instead, in its own words.
      const instagram = verdict.accounts.find((account) => account.platform === 'instagram')!;
      expect(instagram.problems[0]!.message).toMatch(/at least one image or video/);
    });

    it('instagram: a caption of 2,201 characters and a PNG', async () => {
      const verdict = await verdictOf(post([active.instagram], [{ content: 'a'.repeat(2201), media: media('a.png') }]));
      expect(verdict.accounts[0]!.problems).toEqual([
        problem('containers[0].media[0].url', 'media_format', /JPEG/),
        problem('containers[0].content', 'text_too_long', /at most 2200 characters \(got 2201\)/),
      ]);
    });

    it('facebook: a video beside a photo, and media in a comment', async () => {
      const verdict = await verdictOf(
        post(
          [active.facebook],
          [
            { content: 'x', media: media('a.jpg', 'clip.mp4') },
            { content: 'c', media: media('b.jpg') },
          ],
        ),
      );
      expect(verdict.accounts[0]!.problems).toEqual([
        problem('containers[0].media', 'media_mixed', /video is posted alone/),
        problem('containers[1].media', 'thread_media_not_allowed', /text only/),
      ]);
    });
  });

  describe('accounts', () => {
    it('unknown, expired, disconnected: each named, beside an account that is fine', async () => {
      const verdict = await verdictOf(post(['acc_doesnotexist000000', active.x, expired, disconnected], [FINE]));
      expect(verdict).toEqual({
        warnings: [],
        valid: false,
        problems: [],
        accounts: [
          {
            accountId: 'acc_doesnotexist000000',
            platform: null,
            valid: false,
            problems: [problem('accounts[0]', 'account_unknown', /not a connected account of tenant tenant-dry-run/)],
          },
          fine(active.x, 'x'),
          {
            accountId: expired,
            platform: 'x',
            valid: false,
            problems: [problem('accounts[2]', 'account_expired', /needs reconnecting/)],
          },
          {
            accountId: disconnected,
            platform: 'x',
            valid: false,
            problems: [problem('accounts[3]', 'account_disconnected', /disconnected/)],
          },
        ],
      });
    });

    it("an account of another tenant is unknown to this one, and an expired account still gets its network's rules", async () => {
      const verdict = await verdictOf({
        ...post([active.x, expired], [{ content: 'a'.repeat(281) }]),
        tenant_id: 'other',
      });
      expect(verdict.accounts.map((account) => account.problems.map((p) => p.rule))).toEqual([
        ['account_unknown'],
        ['account_unknown'],
      ]);
      const own = await verdictOf(post([expired], [{ content: 'a'.repeat(281) }]));
      expect(own.accounts[0]!.problems.map((p) => p.rule)).toEqual(['account_expired', 'text_too_long']);
    });
  });

  describe('problems of the whole post (POST /posts answers them with a 400)', () => {
    it('scheduledAt in the past', async () => {
      const verdict = await verdictOf(post([active.x], [FINE], { scheduledAt: '2020-01-01T00:00:00Z' }));
      expect(verdict).toEqual({
        warnings: [],
        valid: false,
        problems: [problem('scheduledAt', 'scheduled_at_past', /in the future/)],
        accounts: [fine(active.x, 'x')],
      });
    });

    it('a URL of unknown kind', async () => {
      const verdict = await verdictOf(post([active.facebook], [{ content: 'x', media: media('notes.pdf') }]));
      expect(verdict.valid).toBe(false);
      expect(verdict.problems).toEqual([
        problem('containers[0].media[0].url', 'media_type_unknown', /known media extension/),
      ]);
    });
  });

  describe('media URLs are fetched: one that does not give its file is a warning, not a problem', () => {
    it.each(TESTED_NETWORKS)(
      '%s: a URL answering 404 is named in warnings, and the post stays valid',
      async (network) => {
        const missing = videoOnly(network) ? 'missing-bread.mp4' : 'missing-bread.jpg';
        const verdict = await verdictOf(fineOn(network, { content: 'Fresh bread', media: media(missing) }));
        expect(verdict).toEqual({
          valid: true,
          problems: [],
          accounts: [fine(active[network], network)],
          warnings: [problem('containers[0].media[0].url', 'media_url_unreachable', /answered HTTP 404/)],
        });
      },
    );

    it('names each field of a URL that does not answer, and none of one served', async () => {
      const verdict = await verdictOf(
        post(
          [active.facebook],
          [{ content: 'Two', media: [...media('missing-a.jpg', 'served.jpg', 'missing-a.jpg')] }],
        ),
      );
      expect(verdict.warnings).toEqual([
        problem('containers[0].media[0].url', 'media_url_unreachable', /answered HTTP 404/),
        problem('containers[0].media[2].url', 'media_url_unreachable', /answered HTTP 404/),
      ]);
    });
  });

  describe('a body of the wrong shape is a 400, as on POST /posts', () => {
    it.each([
      ['no tenant_id', { accounts: ['acc_one1'], containers: [FINE] }, 'tenant_id'],
      ['a malformed account id', { tenant_id: TENANT, accounts: ['nope'], containers: [FINE] }, 'accounts'],
      [
        'content that is not a string',
        { tenant_id: TENANT, accounts: ['acc_one1'], containers: [{ content: 1 }] },
        'containers[0].content',
      ],
      ['an unknown field', { tenant_id: TENANT, accounts: ['acc_one1'], containers: [FINE], extra: 1 }, 'extra'],
    ])('%s', async (_, body, field) => {
      const response = await validate(body);
      expect({ status: response.status, code: response.body.error?.code }).toEqual({
        status: 400,
        code: 'validation_failed',
      });
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });
  });

  it('agrees with POST /posts: valid exactly when it would be accepted', async () => {
    const bodies = [
      post([active.x], [FINE], { scheduledAt: tomorrow() }),
      post([active.x], [{ content: 'a'.repeat(281) }], { scheduledAt: tomorrow() }),
      post([active.instagram], [{ content: 'Words only' }], { scheduledAt: tomorrow() }),
      post([active.facebook, disconnected], [FINE], { scheduledAt: tomorrow() }),
      post([active.facebook], [FINE], { scheduledAt: '2020-01-01T00:00:00Z' }),
    ];
    for (const body of bodies) {
      const verdict = await verdictOf(body);
      const created = await createPost(t, customer, body);
      expect({ body, valid: verdict.valid, status: created.status }).toEqual({
        body,
        valid: created.status === 202,
        status: verdict.valid ? 202 : expect.any(Number),
      });
    }
  });

  it('does nothing: no post, delivery, job, idempotency key, event or webhook attempt; the key is still free', async () => {
    const key = 'dry-run-then-real';
    const body = post(
      imageNetworks().map((network) => active[network]),
      [FINE],
      { scheduledAt: tomorrow() },
    );
    const before = await footprint();
    for (const candidate of [
      body,
      post([active.x], [{ content: 'a'.repeat(281) }]),
      post(['acc_doesnotexist000000'], [FINE]),
    ]) {
      expect((await validate(candidate, key)).status).toBe(200);
    }
    expect(await footprint()).toEqual(before);

    const created = await createPost(t, customer, body, key);
    expect(created.status).toBe(202);
    expect(created.body.data.deliveries).toHaveLength(imageNetworks().length);
    const after = await footprint();
    expect({
      posts: Number(after.posts) - Number(before.posts),
      keys: Number(after.idempotency_keys) - Number(before.idempotency_keys),
    }).toEqual({
      posts: 1,
      keys: 1,
    });
    // The key is the real post's now: sent again, the same body replays it.
    const replay = await createPost(t, customer, body, key);
    expect({ status: replay.status, id: replay.body.data.id }).toEqual({ status: 202, id: created.body.data.id });
  });

  it('is not read as a post id by the routes that take one', async () => {
    for (const method of ['get', 'delete'] as const) {
      const response = await request(t.server)
        [method]('/api/v1/posts/validate')
        .set('Authorization', `Bearer ${customer.apiKey}`);
      expect({ method, status: response.status, code: response.body.error?.code }).toEqual({
        method,
        status: 404,
        code: 'not_found',
      });
    }
  });

  it('needs an API key', async () => {
    const response = await request(t.server)
      .post('/api/v1/posts/validate')
      .send(post([active.x], [FINE]));
    expect(response.status).toBe(401);
  });
});
