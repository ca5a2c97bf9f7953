import request from 'supertest';
import type { NetworkCapabilitiesView } from '../../src/networks/capabilities/dto/network-capabilities.view';
import { namesPath, walkDocument, WalkCase, WalkMedium } from '../support/capability-walk';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { TESTED_NETWORKS } from '../support/networks';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * The capability document agrees with the validator (issue 25): for every limit a network's
 * document states, a post at the limit passes POST /api/v1/posts/validate and one past it is refused
 * at the path the limit is about. The walk reads only the document (test/support/capability-walk.ts),
 * so a placement or an option a network adds is covered without a change here.
 */

const TENANT = 'tenant-capabilities';

interface Problem {
  field: string;
  rule: string;
  message: string;
}

describe('GET /api/v1/networks and /api/v1/networks/:network (against the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let cdn: Awaited<ReturnType<typeof startMediaServer>>;
  const accounts: Record<string, string> = {};

  const get = (path: string, key: string | null = customer.apiKey) => {
    const call = request(t.server).get(path);
    return key ? call.set('Authorization', `Bearer ${key}`) : call;
  };

  beforeAll(async () => {
    cdn = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer();
    for (const network of TESTED_NETWORKS)
      accounts[network] = (await connectAccount(t, customer, network, TENANT, { freshUser: true })).id;
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  it('lists the installed networks, in the envelope of every list (answered whole), behind the API key', async () => {
    const listed = await get('/api/v1/networks');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      success: true,
      data: [
        { id: 'facebook', displayName: 'Facebook', aliases: expect.any(Array) },
        { id: 'instagram', displayName: 'Instagram', aliases: expect.any(Array) },
        { id: 'x', displayName: 'X', aliases: ['twitter'] },
        { id: 'threads', displayName: 'Threads', aliases: [] },
        { id: 'bluesky', displayName: 'Bluesky', aliases: ['bsky'] },
        { id: 'linkedin', displayName: 'LinkedIn', aliases: [] },
        { id: 'pinterest', displayName: 'Pinterest', aliases: [] },
        { id: 'tiktok', displayName: 'TikTok', aliases: [] },
        { id: 'youtube', displayName: 'YouTube', aliases: [] },
      ],
      pagination: { nextCursor: null },
    });
    for (const path of ['/api/v1/networks', '/api/v1/networks/x']) {
      const anonymous = await get(path, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, error: { code: 'unauthorized' } });
    }
  });

  it('answers a network by id or alias, and 404 unknown_network for a network it does not have', async () => {
    const byAlias = await get('/api/v1/networks/Twitter');
    expect(byAlias.status).toBe(200);
    expect(byAlias.body.data).toEqual((await get('/api/v1/networks/x')).body.data);
    const unknown = await get('/api/v1/networks/myspace');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      success: false,
      error: {
        code: 'unknown_network',
        message:
          'Unknown network "myspace". Supported: facebook, instagram, x, threads, bluesky, linkedin, pinterest, tiktok, youtube',
        requestId: expect.any(String),
      },
    });
  });

  /** Announces and uploads a file; its medium's id, or the refusal when the service refuses the file itself. */
  async function upload(file: { contentType: string; bytes: Buffer }): Promise<{ id: string } | { refused: string }> {
    const created = await request(t.server)
      .post('/api/v1/media')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ contentType: file.contentType, size: file.bytes.length, filename: 'walk' });
    if (created.status !== 201) return { refused: `announce ${created.status}: ${created.body.error?.message}` };
    const put = await fetch(created.body.data.uploadUrl as string, {
      method: 'PUT',
      body: file.bytes,
      headers: { 'Content-Type': file.contentType },
    });
    if (put.status !== 200) return { refused: `upload ${put.status}: ${await put.text()}` };
    return { id: created.body.data.id as string };
  }

  /** What the service says of one case: its problems for the network's account, or why the file was refused. */
  async function verdictOf(network: string, walk: WalkCase): Promise<{ problems: Problem[] } | { refused: string }> {
    const containers = [];
    for (const container of walk.containers) {
      const media: Array<{ url: string } | { id: string }> = [];
      for (const medium of container.media ?? ([] as WalkMedium[])) {
        if ('url' in medium) media.push({ url: medium.url });
        else {
          const uploaded = await upload(medium.upload);
          if ('refused' in uploaded) return uploaded;
          media.push(uploaded);
        }
      }
      containers.push({ content: container.content, media });
    }
    const body = {
      tenant_id: TENANT,
      accounts: [accounts[network]],
      containers,
      ...(Object.keys(walk.options).length ? { options: { [network]: walk.options } } : {}),
    };
    const answer = await request(t.server)
      .post('/api/v1/posts/validate')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send(body);
    // A request the body's own checks refuse (400) names its fields too: that is a refusal all the same.
    if (answer.status === 400)
      return {
        problems: (answer.body.error.details ?? []).map((detail: { field: string; message: string }) => ({
          ...detail,
          rule: 'validation_failed',
        })),
      };
    expect(answer.status).toBe(200);
    const verdict = answer.body.data as { problems: Problem[]; accounts: Array<{ problems: Problem[] }> };
    return { problems: [...verdict.problems, ...verdict.accounts.flatMap((account) => account.problems)] };
  }

  /**
   * Every case of the walk of `document` on which the service says otherwise than the document; and
   * the cases past a limit that the upload itself refused (a video longer than any network takes).
   */
  async function disagreementsOf(network: string, document: NetworkCapabilitiesView) {
    const { cases, skipped } = walkDocument(document, (name) => cdn.url(name));
    const disagreements: string[] = [];
    const refusedUploads: string[] = [];
    for (const walk of cases) {
      const verdict = await verdictOf(network, walk);
      if (walk.expect === 'valid') {
        if ('refused' in verdict) disagreements.push(`${walk.name}: the file was refused (${verdict.refused})`);
        else if (verdict.problems.length)
          disagreements.push(`${walk.name}: refused, ${JSON.stringify(verdict.problems)}`);
        continue;
      }
      if ('refused' in verdict) {
        refusedUploads.push(walk.name);
        continue;
      }
      const expected = walk.expect.field;
      if (!verdict.problems.some((problem) => namesPath(problem.field, expected)))
        disagreements.push(`${walk.name}: no problem at ${expected}, got ${JSON.stringify(verdict.problems)}`);
    }
    return { cases, skipped, disagreements, refusedUploads };
  }

  it.each(TESTED_NETWORKS)(
    '%s: every limit its document states agrees with POST /posts/validate, at the limit and past it',
    async (network) => {
      const document = (await get(`/api/v1/networks/${network}`)).body.data as NetworkCapabilitiesView;
      const { cases, skipped, disagreements, refusedUploads } = await disagreementsOf(network, document);
      expect(cases.length).toBeGreaterThan(20);
      expect(disagreements).toEqual([]);
      // A file past a size or duration limit may be refused at its upload already (larger or longer than any network takes).
      for (const name of refusedUploads) expect(name).toMatch(/of maxBytes \+ 1$|of maxMs \+ 100$/);
      // Only limits too large to upload in a test are left untried (the networks' video sizes).
      for (const limit of skipped) expect(limit).toMatch(/video maxBytes/);
    },
  );

  /**
   * The request body's `options.<network>` in the OpenAPI document (what the SDK types) says no
   * other bound than the capability document's schema: each bound it states is the same, and it
   * names the same options (`containers` aside).
   */
  it.each(TESTED_NETWORKS)("%s: the OpenAPI document's options.<network> agree with its schema", async (network) => {
    type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema };
    const openapi = (await request(t.server).get('/api/docs.json')).body as {
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (schema: Schema): Schema => {
      const ref = (schema.$ref ?? (schema.allOf as Schema[] | undefined)?.[0]?.$ref) as string | undefined;
      return ref ? { ...openapi.components.schemas[ref.split('/').pop()!]!, ...schema, $ref: undefined } : schema;
    };
    const BOUNDS = ['type', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems'];
    const differences: string[] = [];
    const compare = (stated: Schema, ours: Schema, path: string) => {
      const resolved = resolve(stated);
      for (const bound of BOUNDS)
        if (resolved[bound] !== undefined && JSON.stringify(resolved[bound]) !== JSON.stringify(ours[bound]))
          differences.push(
            `${path}.${bound}: OpenAPI ${JSON.stringify(resolved[bound])}, document ${JSON.stringify(ours[bound])}`,
          );
      const names = Object.keys(resolved.properties ?? {}).filter((name) => path !== network || name !== 'containers');
      if (resolved.properties || ours.properties)
        expect({ path, names: names.sort() }).toEqual({ path, names: Object.keys(ours.properties ?? {}).sort() });
      for (const name of names) compare(resolved.properties![name]!, ours.properties?.[name] ?? {}, `${path}.${name}`);
      if (resolved.items && ours.items) compare(resolved.items, ours.items, `${path}[]`);
    };
    const stated = openapi.components.schemas.PostOptionsBody!.properties![network]!;
    const document = (await get(`/api/v1/networks/${network}`)).body.data as NetworkCapabilitiesView;
    compare(stated, document.options.schema as Schema, network);
    expect(differences).toEqual([]);
  });

  it("catches a placement's document that says other than the rules (reels and stories are walked)", async () => {
    const document = (await get('/api/v1/networks/facebook')).body.data as NetworkCapabilitiesView;
    const wrong = structuredClone(document);
    wrong.placements.story!.media.kinds.video!.duration!.maxMs += 1000;
    wrong.placements.story!.options = ['placement', 'link'];
    wrong.placements.reel!.thread = null;
    const { disagreements } = await disagreementsOf('facebook', wrong);
    expect(disagreements).toEqual([
      expect.stringMatching(/^reel: a thread of two, where the placement takes none: no problem at containers\[1\]/),
      expect.stringMatching(/^story: a video alone of maxMs: refused, .*media_too_long/),
      expect.stringMatching(/^story: link = .*: refused, .*options_exclusive/),
    ]);
  });

  it('catches a document that says other than the rules (the walk is not vacuous)', async () => {
    const document = (await get('/api/v1/networks/x')).body.data as NetworkCapabilitiesView;
    const wrong = structuredClone(document);
    wrong.text.maxLength = 279;
    wrong.placements.feed!.media.kinds.image!.maxItems = 5;
    wrong.placements.feed!.media.maxItems = 5;
    wrong.placements.feed!.media.kinds.video!.duration!.maxMs += 1000;
    const poll = (wrong.options.schema as { properties: { poll: { properties: { options: { maxItems: number } } } } })
      .properties.poll.properties.options;
    poll.maxItems = 3;
    const { disagreements } = await disagreementsOf('x', wrong);
    expect(disagreements).toEqual([
      'feed: text of maxLength + 1: no problem at containers[0].content, got []',
      expect.stringMatching(/^feed: 5 image media \(the most\): refused/),
      expect.stringMatching(/^feed: a video alone of maxMs: refused, .*media_too_long/),
      expect.stringMatching(
        /^feed: poll\.options of maxItems 3 \+ 1|^feed: poll\.options of maxItems \+ 1: no problem/,
      ),
    ]);
  });
});
