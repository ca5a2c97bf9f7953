import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ERROR_CODES } from '../../src/common/errors/error-code';
import { DELIVERY_ERROR_CODES } from '../../src/common/errors/delivery-error-code';
import { ALL_EVENT_TYPES } from '../../src/webhooks/event-types';
import { buildOfflineOpenApiDocument } from '../openapi/offline-document';
import { redoclyLint } from '../support/redocly-lint';
import { startTestApp, TestApp } from '../support/test-app';
import { validatedClasses, ValidationRule } from '../support/validation-rules';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  oneOf?: Schema[];
}

interface Response {
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: Schema }>;
}

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Schema }>;
  requestBody?: unknown;
  responses: Record<string, Response>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; headers: Record<string, unknown> };
  'x-webhooks': Record<string, Record<string, Operation>>;
}

/** Where @ApiProperty lists a class's documented properties (@nestjs/swagger's DECORATORS, not exported). */
const API_MODEL_PROPERTIES = 'swagger/apiModelPropertiesArray';

/** The query DTOs: their rules show as the parameters of these operations, not as schemas. */
const QUERY_CLASSES: Record<string, string> = {
  ListAccountsQuery: 'listAccounts',
  ListPostsQuery: 'listPosts',
  ListDeliveriesQuery: 'listWebhookEvents',
  ListEventsQuery: 'listEvents',
  ListCommentsQuery: 'listComments',
  PageQuery: 'listPosts',
};

describe('The OpenAPI document (/api/docs.json)', () => {
  let t: TestApp;
  let document: Document;
  let operations: Array<{ route: string; operation: Operation }>;

  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema) return undefined;
    if (schema.$ref) return resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema.allOf?.length === 1) return { ...resolve(schema.allOf[0]), ...schema, allOf: undefined };
    return schema;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const response = await request(t.server).get('/api/docs.json').expect(200);
    document = response.body as Document;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(() => t.close());

  it('serves the explorer (/api/docs) unframeable, under a CSP that lets its own files load, and those files', async () => {
    const page = await request(t.server).get('/api/docs').redirects(1).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // No inline script the CSP would block: every script is a file, and every file the page names loads.
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const files = [...page.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const response = await request(t.server).get(new URL(file, 'http://service/api/docs/').pathname).expect(200);
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    // The document the explorer shows, and an unknown file under it, carry them too.
    for (const path of ['/api/docs.json', '/api/docs/nothing-here.js']) {
      const response = await request(t.server).get(path);
      expect(response.headers['content-security-policy']).toBe(csp);
    }
  });

  it('passes redocly lint (recommended rules, redocly.yaml) with no error and no warning', () => {
    const folder = mkdtempSync(join(tmpdir(), 'sps-openapi-'));
    try {
      const file = join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      const result = redoclyLint(file);
      expect({
        status: result.status,
        errors: result.errors,
        warnings: result.warnings,
        output: result.output,
      }).toEqual({ status: 0, errors: 0, warnings: 0, output: expect.any(String) });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('is the document npm run lint:api lints (built without a database)', async () => {
    expect(JSON.parse(JSON.stringify(await buildOfflineOpenApiDocument()))).toEqual(document);
  });

  it('names every operation with a unique camelCase id', () => {
    const ids = [
      ...operations.map(({ operation }) => operation.operationId),
      ...Object.values(document['x-webhooks']).flatMap((item) => Object.values(item).map((op) => op.operationId)),
    ];
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.fromEntries(operations.map(({ route, operation }) => [route, operation.operationId]))).toEqual({
      'GET /api/v1/social-accounts': 'listAccounts',
      'DELETE /api/v1/social-accounts/{id}': 'disconnectAccount',
      'POST /api/v1/social-networks/{network}/auth-url': 'createAuthUrl',
      'GET /api/v1/networks': 'listNetworks',
      'GET /api/v1/networks/{network}': 'getNetwork',
      'GET /api/v1/social-accounts/pending/{session}': 'getPendingSession',
      'POST /api/v1/social-accounts/pending/{session}/finalize': 'finalizePendingSession',
      'POST /api/v1/posts': 'createPost',
      'POST /api/v1/posts/validate': 'validatePost',
      'GET /api/v1/posts': 'listPosts',
      'GET /api/v1/posts/{id}': 'getPost',
      'DELETE /api/v1/posts/{id}': 'cancelPost',
      'PATCH /api/v1/posts/{id}': 'updatePost',
      'POST /api/v1/posts/{id}/validate': 'validatePostPatch',
      'POST /api/v1/posts/{id}/publish': 'publishDraft',
      'POST /api/v1/posts/{id}/unpublish': 'unpublishPost',
      'GET /api/v1/posts/{id}/metrics': 'getPostMetrics',
      'GET /api/v1/social-accounts/{id}/boards': 'listAccountBoards',
      'GET /api/v1/social-accounts/{id}/metrics': 'getAccountMetrics',
      'POST /api/v1/media': 'createMedia',
      'GET /api/v1/media': 'listMedia',
      'GET /api/v1/media/{id}': 'getMedia',
      'GET /api/v1/posts/{id}/comments': 'listComments',
      'POST /api/v1/posts/{id}/comments': 'createComment',
      'GET /api/v1/posts/{id}/comment-requests/{requestId}': 'getCommentRequest',
      'GET /api/v1/posts/{id}/deliveries/{deliveryId}/attempts': 'listDeliveryAttempts',
      'POST /api/v1/posts/{id}/deliveries/{deliveryId}/retry': 'retryDelivery',
      'PUT /api/v1/webhooks': 'setWebhook',
      'GET /api/v1/webhooks': 'getWebhook',
      'DELETE /api/v1/webhooks': 'deleteWebhook',
      'POST /api/v1/webhooks/secret/rotate': 'rotateWebhookSecret',
      'POST /api/v1/webhooks/test': 'sendTestWebhookEvent',
      'GET /api/v1/webhooks/deliveries': 'listWebhookEvents',
      'POST /api/v1/webhooks/deliveries/{eventId}/resend': 'resendWebhookEvent',
      'GET /api/v1/events': 'listEvents',
      'GET /api/v1/events/{eventId}': 'getEvent',
      'GET /health': 'getHealth',
      'GET /health/live': 'getLiveness',
      'GET /health/ready': 'getReadiness',
    });
  });

  it('publishes every error code as the ErrorCode enum, which error bodies refer to', () => {
    expect(document.components.schemas.ErrorCode?.enum).toEqual(ERROR_CODES);
    expect(resolve(document.components.schemas.ErrorBodyDto?.properties?.code)?.enum).toEqual(ERROR_CODES);
    expect(document.components.schemas.DeliveryErrorCode?.enum).toEqual(DELIVERY_ERROR_CODES);
    expect(resolve(document.components.schemas.DeliveryErrorView?.properties?.code)?.enum).toEqual(
      DELIVERY_ERROR_CODES,
    );
    const failed = document.components.schemas.PostFailedEvent?.properties?.data;
    expect(resolve(failed?.properties?.errorCode)?.enum).toEqual(DELIVERY_ERROR_CODES);
  });

  it('names a schema for every webhook event type, all of them one of WebhookEvent', () => {
    const members = (document.components.schemas.WebhookEvent?.oneOf ?? []).map((member) => resolve(member));
    const types = members.map((member) => member?.properties?.event?.enum?.[0]);
    expect([...types].sort()).toEqual([...ALL_EVENT_TYPES].sort());
    expect(document['x-webhooks'].event?.post?.security).toEqual([]);
  });

  it('secures every /api/v1 route with the key and documents its shared answers; the probes are public', () => {
    for (const { route, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      if (route.includes(' /api/v1/')) {
        expect({ route, security: operation.security }).toEqual({ route, security: [{ bearer: [] }] });
        expect({ route, statuses }).toEqual({ route, statuses: expect.arrayContaining(['401', '429', '500', '503']) });
      } else {
        expect({ route, security: operation.security }).toEqual({ route, security: [] });
      }
      if (operation.requestBody) {
        expect({ route, statuses }).toEqual({ route, statuses: expect.arrayContaining(['413', '415']) });
      }
    }
  });

  it('documents the headers the service sends', () => {
    for (const { route, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = Object.keys(response.headers ?? {});
        const where = `${route} ${status}`;
        expect({ where, headers }).toEqual({ where, headers: expect.arrayContaining(['X-Request-Id']) });
        if (status === '429' || status === '503') {
          expect({ where, headers }).toEqual({ where, headers: expect.arrayContaining(['Retry-After']) });
        }
        if (route.includes(' /api/v1/') && status.startsWith('2')) {
          expect({ where, headers }).toEqual({
            where,
            headers: expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
          });
        }
      }
    }
    for (const name of [
      'X-Request-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ])
      expect(document.components.headers[name]).toBeDefined();
  });

  it('declares every nullable field so that null is valid (OpenAPI 3.0 ignores nullable beside a $ref or an allOf)', () => {
    const problems: string[] = [];
    const nullableRefs: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((child, index) => visit(child, `${where}[${index}]`));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Schema & { nullable?: boolean };
      if (schema.nullable === true) {
        if (schema.$ref || schema.allOf || schema.oneOf)
          problems.push(`${where}: nullable beside a $ref or a composition`);
        if (!schema.type) problems.push(`${where}: nullable without a type`);
        if (schema.enum && !schema.enum.includes(null))
          problems.push(`${where}: nullable, but null is not in its enum`);
      }
      if (schema.oneOf?.some((member) => JSON.stringify(member) === '{"enum":[null]}')) nullableRefs.push(where);
      for (const [key, child] of Object.entries(node)) if (key !== 'example') visit(child, `${where}.${key}`);
    };
    visit(document.components.schemas, 'schemas');
    visit(document.paths, 'paths');
    expect(problems).toEqual([]);
    expect(nullableRefs).toEqual(
      expect.arrayContaining([
        'schemas.DeliveryView.properties.error',
        'schemas.DeliveryUnpublishView.properties.error',
        'schemas.CommentRequestView.properties.error',
      ]),
    );
    expect(document.components.schemas.DeliveryView?.required).toContain('error');
  });

  it('gives every date-time property its format', () => {
    const dated: string[] = [];
    const visit = (schema: Schema | undefined, where: string) => {
      for (const [name, property] of Object.entries(schema?.properties ?? {})) {
        if (/At$/.test(name)) dated.push(`${where}.${name}: ${resolve(property)?.format}`);
        visit(property, `${where}.${name}`);
      }
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) visit(schema, name);
    expect(dated.length).toBeGreaterThan(10);
    expect(dated.filter((line) => !line.endsWith(': date-time'))).toEqual([]);
  });

  it('shows every bound the validation enforces', () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const [target, rules] of validatedClasses()) {
      // Only API models: the environment's classes are validated too, but are no part of the API.
      if (!Reflect.getMetadata(API_MODEL_PROPERTIES, target.prototype)) continue;
      const operationId = QUERY_CLASSES[target.name];
      // A base class the document does not name (NetworkOptionsBody) is checked in a class extending it.
      const documentedAs = document.components.schemas[target.name]
        ? target.name
        : ([...validatedClasses().keys()].find(
            (other) => other.prototype instanceof target && document.components.schemas[other.name],
          )?.name ?? target.name);
      const schemaOf = (property: string): { schema?: Schema; required: boolean } => {
        if (operationId) {
          const operation = operations.find((candidate) => candidate.operation.operationId === operationId)?.operation;
          const parameter = operation?.parameters?.find((p) => p.in === 'query' && p.name === property);
          return { schema: resolve(parameter?.schema), required: parameter?.required === true };
        }
        const owner = document.components.schemas[documentedAs];
        return {
          schema: resolve(owner?.properties?.[property]),
          required: owner?.required?.includes(property) ?? false,
        };
      };
      if (!operationId && !document.components.schemas[documentedAs]) {
        problems.push(`${target.name}: validated, but neither a schema nor a query of the document`);
        continue;
      }
      const conditional = new Set(rules.filter((rule) => rule.name === 'isOptional').map((rule) => rule.property));
      for (const rule of rules) {
        const { schema, required } = schemaOf(rule.property);
        const where = `${target.name}.${rule.property} ${rule.name}`;
        checked.push(where);
        if (!schema) {
          problems.push(`${where}: not in the document`);
          continue;
        }
        const problem = mismatch(rule, rule.each ? (resolve(schema.items) ?? {}) : schema, schema, required);
        if (problem && !(rule.name === 'isDefined' && conditional.has(rule.property)))
          problems.push(`${where}: ${problem}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'CreatePostBody.accounts arrayMaxSize',
        'ListAccountsQuery.limit max',
        'PageQuery.limit max',
      ]),
    );
    expect(problems).toEqual([]);
  });
});

/** What the schema lacks of the rule, or undefined when it shows the rule. */
function mismatch(rule: ValidationRule, schema: Schema, property: Schema, required: boolean): string | undefined {
  const [first, second] = rule.constraints as [unknown, unknown];
  const expect = (ok: boolean, wanted: string) =>
    ok ? undefined : `${wanted} expected, schema ${JSON.stringify(schema)}`;
  switch (rule.name) {
    case 'isDefined':
      return expect(required, 'required');
    case 'maxLength':
      return expect(schema.maxLength === first, `maxLength ${first}`);
    case 'minLength':
      return expect(schema.minLength === first, `minLength ${first}`);
    case 'isLength':
      return expect(schema.minLength === first && schema.maxLength === second, `length ${first}-${second}`);
    case 'arrayMinSize':
      return expect(property.minItems === first, `minItems ${first}`);
    case 'arrayMaxSize':
      return expect(property.maxItems === first, `maxItems ${first}`);
    case 'arrayNotEmpty':
      return expect((property.minItems ?? 0) >= 1, 'minItems 1');
    case 'arrayUnique':
      return expect(property.uniqueItems === true, 'uniqueItems');
    case 'min':
      return expect(schema.minimum === first, `minimum ${first}`);
    case 'max':
      return expect(schema.maximum === first, `maximum ${first}`);
    case 'isInt':
      return expect(schema.type === 'integer', 'type integer');
    case 'isIn':
      return expect(JSON.stringify(schema.enum) === JSON.stringify(first), `enum ${JSON.stringify(first)}`);
    case 'matches':
      // A date-time's own form (RFC 3339) is what `format: date-time` says.
      return expect(
        schema.pattern === (first as RegExp).source || schema.format === 'date-time',
        `pattern ${(first as RegExp).source}`,
      );
    case 'isIso8601':
      return expect(schema.format === 'date-time', 'format date-time');
    case 'isUrl':
      return expect(schema.format === 'uri', 'format uri');
    default:
      return undefined;
  }
}
