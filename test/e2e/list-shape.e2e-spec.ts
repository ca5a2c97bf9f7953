import request from 'supertest';
import { connectAccount, ConnectedAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import { capabilitiesOf, publishableContainer, requiredPostOptions } from '../support/network-cases';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { camelCaseOf, FIXED_LIST_OPERATIONS, INTERFACE_FIXED_NAMES, isCamelCase } from '../support/api-conventions';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  deprecated?: boolean;
}

interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const TENANT = 'tenant-lists';
const OTHER_TENANT = 'tenant-lists-other';

/**
 * One list shape and one naming rule, held to the running app's own OpenAPI document: every GET
 * whose `data` is an array pages with `limit` and `cursor` (or is a documented fixed list) and
 * answers `pagination`; no answer keeps a cursor inside `data`; every name is camelCase but the
 * interface's own and the deprecated aliases. Then every list route is called through the app and
 * followed page by page.
 */
describe('Lists: one shape, one naming rule', () => {
  let t: TestApp & { baseUrl: string };
  let document: Document;
  let media: Awaited<ReturnType<typeof startMediaServer>>;

  const schemaNamed = (ref: string): Schema => document.components.schemas[ref.replace('#/components/schemas/', '')]!;

  /** Calls `visit` on the schema and every schema inside it, each $ref followed once. */
  function walk(schema: Schema | undefined, visit: (schema: Schema) => void, seen = new Set<string>()): void {
    if (!schema) return;
    if (schema.$ref) {
      if (seen.has(schema.$ref)) return;
      seen.add(schema.$ref);
      return walk(schemaNamed(schema.$ref), visit, seen);
    }
    visit(schema);
    for (const child of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
      walk(child, visit, seen);
    walk(schema.items, visit, seen);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, visit, seen);
    for (const property of Object.values(schema.properties ?? {})) walk(property, visit, seen);
  }

  /** The operations of the document, GETs first-class: method, path and the operation. */
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
    );

  /** The 200 answer's envelope schema of an operation, when it answers JSON. */
  const successEnvelope = (operation: Operation): Schema | undefined => {
    const schema = operation.responses['200']?.content?.['application/json']?.schema;
    return schema?.$ref ? schemaNamed(schema.$ref) : schema;
  };

  /** The GETs whose `data` is an array: the lists. */
  const listOperations = () =>
    operations().filter(
      ({ method, operation }) => method === 'get' && successEnvelope(operation)?.properties?.data?.type === 'array',
    );

  beforeAll(async () => {
    t = await startEmulatedApp();
    media = await startMediaServer();
    document = (await request(t.server).get('/api/docs.json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });

  describe('the document', () => {
    it('gives every list `limit`, `cursor` and `pagination`, or names it a fixed list answered whole', () => {
      const lists = listOperations();
      expect(lists.map(({ operation }) => operation.operationId)).toEqual(
        expect.arrayContaining([
          'listPosts',
          'listAccounts',
          'listWebhookEvents',
          'listEvents',
          'listMedia',
          'listComments',
        ]),
      );
      for (const { path, operation } of lists) {
        const envelope = successEnvelope(operation)!;
        expect({ path, required: envelope.required }).toEqual({
          path,
          required: expect.arrayContaining(['pagination']),
        });
        expect({ path, pagination: envelope.properties?.pagination }).toEqual({ path, pagination: expect.anything() });
        const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((p) => p.name);
        if (FIXED_LIST_OPERATIONS.includes(operation.operationId)) {
          expect({ path, query }).toEqual({ path, query: expect.not.arrayContaining(['limit']) });
        } else {
          expect({ path, query }).toEqual({ path, query: expect.arrayContaining(['limit', 'cursor']) });
        }
      }
      // The fixed lists named are lists of the document still (a stale name fails here).
      for (const id of FIXED_LIST_OPERATIONS) expect(lists.map(({ operation }) => operation.operationId)).toContain(id);
    });

    it('keeps no `nextCursor` inside any answer’s `data`', () => {
      const inside: string[] = [];
      for (const { method, path, operation } of operations()) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const envelope = response.content?.['application/json']?.schema;
          const data = (envelope?.$ref ? schemaNamed(envelope.$ref) : envelope)?.properties?.data;
          walk(data, (schema) => {
            if (schema.properties && 'nextCursor' in schema.properties) inside.push(`${method} ${path} ${status}`);
          });
        }
      }
      expect(inside).toEqual([]);
    });

    it('spells every property and parameter in camelCase, but the interface’s own names and deprecated aliases', () => {
      const offending: string[] = [];
      const aliases: string[] = [];
      const check = (schema: Schema) => {
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (isCamelCase(name) || INTERFACE_FIXED_NAMES.includes(name)) continue;
          // A deprecated alias stands beside its camelCase name, marked deprecated.
          if (property.deprecated && schema.properties?.[camelCaseOf(name)]) aliases.push(name);
          else offending.push(name);
        }
      };
      for (const schema of Object.values(document.components.schemas)) walk(schema, check);
      for (const { method, path, operation } of operations()) {
        for (const parameter of operation.parameters ?? [])
          // Headers are HTTP's own (Idempotency-Key); every query and path parameter is ours.
          if (parameter.in !== 'header' && !isCamelCase(parameter.name))
            offending.push(`${method} ${path} ${parameter.in} ${parameter.name}`);
        walk(operation.requestBody?.content?.['application/json']?.schema, check);
        for (const response of Object.values(operation.responses))
          walk(response.content?.['application/json']?.schema, check);
      }
      expect([...new Set(offending)]).toEqual([]);
      // The aliases of this release, each documented in docs/api.md.
      expect([...new Set(aliases)].sort()).toEqual([
        'client_state',
        'login_hint',
        'overlap_seconds',
        'password_sign_in_url',
      ]);
    });
  });

  describe('through the app', () => {
    let customer: TestCustomer;
    let accounts: ConnectedAccount[];
    let otherTenantPost: string;
    let posts: Array<{ id: string; deliveryId: string; objectId: string }>;

    const auth = () => ({ Authorization: `Bearer ${customer.apiKey}` });
    const emulator = (path: string, body: unknown) =>
      fetch(`${t.baseUrl}/emulator/control${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    async function publish(account: ConnectedAccount, tenantId: string, text: string) {
      const capabilities = await capabilitiesOf(t, customer.apiKey, 'facebook');
      const accepted = await createPost(t, customer, {
        tenant_id: tenantId,
        accounts: [account.id],
        containers: [publishableContainer(capabilities, text, () => media.url('photo.jpg'))],
        options: requiredPostOptions('facebook'),
      });
      expect(accepted.status).toBe(202);
      const post = await settledPost(t, customer, accepted.body.data.id);
      expect(post.status).toBe('published');
      return { id: post.id, deliveryId: post.deliveries[0]!.id, objectId: post.deliveries[0]!.platformPostId! };
    }

    beforeAll(async () => {
      customer = await t.createCustomer();
      accounts = [
        await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true }),
        await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true }),
      ];
      const other = await connectAccount(t, customer, 'facebook', OTHER_TENANT, { freshUser: true });
      otherTenantPost = (await publish(other, OTHER_TENANT, 'In the other tenant')).id;
      posts = [await publish(accounts[0]!, TENANT, 'First'), await publish(accounts[0]!, TENANT, 'Second')];
      for (const text of ['A reader', 'Another reader'])
        expect(
          (
            await emulator('/comments', {
              network: 'facebook',
              parentId: posts[1]!.objectId,
              text,
              author: { username: 'a_reader' },
            })
          ).status,
        ).toBe(201);
      for (const filename of ['a.jpg', 'b.jpg'])
        await request(t.server)
          .post('/api/v1/media')
          .set(auth())
          .send({ contentType: 'image/jpeg', size: 100, filename })
          .expect(201);
    });

    /** Where each list operation is read for this customer, and whether it holds more than one item. */
    const READS: Record<string, () => { path: string; query?: Record<string, string>; pages: 'many' | 'one' }> = {
      listNetworks: () => ({ path: '/api/v1/networks', pages: 'one' }),
      listAccounts: () => ({ path: '/api/v1/social-accounts', query: { tenantId: TENANT }, pages: 'many' }),
      listPosts: () => ({ path: '/api/v1/posts', pages: 'many' }),
      listMedia: () => ({ path: '/api/v1/media', pages: 'many' }),
      listWebhookEvents: () => ({ path: '/api/v1/webhooks/deliveries', pages: 'many' }),
      listEvents: () => ({ path: '/api/v1/events', pages: 'many' }),
      // A delivery published at its first attempt: one attempt, one page.
      listDeliveryAttempts: () => ({
        path: `/api/v1/posts/${posts[1]!.id}/deliveries/${posts[1]!.deliveryId}/attempts`,
        pages: 'one',
      }),
      listComments: () => ({
        path: `/api/v1/posts/${posts[1]!.id}/comments`,
        query: { deliveryId: posts[1]!.deliveryId },
        pages: 'many',
      }),
    };

    it('has a reading here for every list of the document', () => {
      expect(
        listOperations()
          .map(({ operation }) => operation.operationId)
          .sort(),
      ).toEqual(Object.keys(READS).sort());
    });

    it.each(Object.keys(READS))('%s answers data[] and pagination.nextCursor, page by page', async (operationId) => {
      const read = READS[operationId]!();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const limit = read.pages === 'many' ? { limit: '1' } : {};
        const answer = await request(t.server)
          .get(read.path)
          .query({ ...read.query, ...limit, ...(cursor ? { cursor } : {}) })
          .set(auth());
        expect(answer.status).toBe(200);
        expect(Object.keys(answer.body).sort()).toEqual(['data', 'pagination', 'success']);
        expect(answer.body.data).toEqual(expect.any(Array));
        expect(Object.keys(answer.body.pagination)).toEqual(['nextCursor']);
        expect([
          typeof answer.body.pagination.nextCursor === 'string',
          answer.body.pagination.nextCursor === null,
        ]).toContain(true);
        seen.push(...(answer.body.data as Array<{ id: string }>).map((item) => item.id));
        cursor = answer.body.pagination.nextCursor as string | null;
        pages++;
      } while (cursor && pages < 10);
      if (read.pages === 'many') {
        expect(pages).toBeGreaterThan(1);
        expect(new Set(seen).size).toBe(seen.length);
      } else expect(pages).toBe(1);
      expect(seen.length).toBeGreaterThan(0);
    });

    it('GET /posts without tenantId lists every tenant’s posts, newest first; with it, one tenant’s', async () => {
      const all = await request(t.server).get('/api/v1/posts').set(auth()).expect(200);
      expect(all.body.data.map((post: { id: string }) => post.id)).toEqual([
        posts[1]!.id,
        posts[0]!.id,
        otherTenantPost,
      ]);
      expect(all.body.pagination).toEqual({ nextCursor: null });
      const one = await request(t.server).get('/api/v1/posts').query({ tenantId: TENANT }).set(auth()).expect(200);
      expect(one.body.data.map((post: { id: string }) => post.id)).toEqual([posts[1]!.id, posts[0]!.id]);
      const none = await request(t.server)
        .get('/api/v1/posts')
        .query({ tenantId: 'tenant-none' })
        .set(auth())
        .expect(200);
      expect(none.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });
    });
  });
});
