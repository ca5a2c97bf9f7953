import type { OpenAPIObject } from '@nestjs/swagger';
import { EventType, TestEventType } from './event-types';
import { WEBHOOK_SIGNING_HEADERS } from './webhook-signing-docs';

/** A schema of the document's components (the swagger package does not export its own name for it). */
type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

const text = { type: 'string' } as const;
const nullableText = { type: 'string', nullable: true } as const;
const count = { type: 'integer', minimum: 0 } as const;
const platform = { $ref: '#/components/schemas/Network' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

/** The `data` of each event type, as docs/webhooks.md lists it (EventData in event-types.ts is the source). */
const EVENT_DATA: Record<EventType | TestEventType, SchemaObject> = {
  'account.connected': object({
    connectedAccountId: text,
    platform,
    username: text,
    nickname: text,
    clientState: {
      ...nullableText,
      description: "The auth-url call's clientState: check it is your signed-in user's",
    },
  }),
  'account.disconnected': object({ connectedAccountId: text, platform, username: text }),
  'account.token_expiring': object({
    connectedAccountId: text,
    platform,
    username: text,
    expiresAt: dateTime,
    reason: text,
  }),
  'account.token_expired': object({ connectedAccountId: text, platform, username: text, reason: text }),
  'account.permissions_lost': object({
    connectedAccountId: text,
    platform,
    username: text,
    lost: { type: 'array', items: text, description: 'The permissions the network no longer grants' },
    missingPermissions: {
      type: 'array',
      items: { $ref: '#/components/schemas/MissingPermissionsView' },
      description: 'What the account can no longer be used for (as GET /social-accounts shows it)',
    },
  }),
  'post.published': object({
    servicePostId: text,
    deliveryId: text,
    connectedAccountId: text,
    platform,
    platformPostId: text,
    permalink: nullableText,
  }),
  'post.failed': object({
    servicePostId: text,
    deliveryId: text,
    connectedAccountId: text,
    platform,
    error: text,
    errorCode: { $ref: '#/components/schemas/DeliveryErrorCode' },
  }),
  'post.updated': object({
    servicePostId: text,
    status: { $ref: '#/components/schemas/PostStatus' },
    scheduledAt: { type: 'string', format: 'date-time', nullable: true },
    fields: { type: 'array', items: text },
  }),
  'post.canceled': object({ servicePostId: text, canceledDeliveryIds: { type: 'array', items: text } }),
  'post.completed': object({
    servicePostId: text,
    status: { type: 'string', enum: ['published', 'partially_published', 'failed', 'canceled'] },
    counts: object({ published: count, failed: count, canceled: count }),
  }),
  'post.deleted': object({
    servicePostId: text,
    deliveryId: text,
    connectedAccountId: text,
    platform,
    platformPostId: text,
  }),
  'post.edited': object({
    servicePostId: text,
    deliveryId: text,
    connectedAccountId: text,
    platform,
    status: { type: 'string', enum: ['edited', 'failed'] },
    platformPostId: { ...text, description: "The post's id after the edit (X gives each edit a new id)" },
    editedAt: { ...dateTime, nullable: true },
    error: {
      type: 'object',
      nullable: true,
      required: ['code', 'message'],
      properties: { code: { $ref: '#/components/schemas/DeliveryErrorCode' }, message: text },
      description: 'Why the edit was not made; null when it was',
    },
  }),
  'comment.received': object({
    servicePostId: text,
    deliveryId: text,
    connectedAccountId: text,
    platform,
    platformPostId: text,
    comment: object({
      id: text,
      text,
      authorId: nullableText,
      authorName: nullableText,
      createdAt: dateTime,
      replyToId: nullableText,
    }),
  }),
  'webhook.test': object({ message: text }),
};

/** Every event type with a body schema: EVENT_DATA's Record type makes it every type there is. */
export const DOCUMENTED_EVENT_TYPES = Object.keys(EVENT_DATA) as Array<EventType | TestEventType>;

function object(properties: Record<string, SchemaObject>): SchemaObject {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/** `account.token_expired` → `AccountTokenExpiredEvent`. */
function schemaName(type: string): string {
  return `${type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;
}

/**
 * Adds a schema per event type and `WebhookEvent` (oneOf them, by `event`) to the document's
 * components, and names it from the Webhooks tag and an `x-webhooks` entry: the bodies are not
 * answers of any route, so nothing else would put them in the document.
 */
export function addWebhookEventSchemas(document: OpenAPIObject): void {
  const schemas = (document.components ??= {}).schemas ?? (document.components.schemas = {});
  for (const type of DOCUMENTED_EVENT_TYPES) {
    schemas[schemaName(type)] = {
      type: 'object',
      description: `The body of a \`${type}\` event`,
      required: ['id', 'event', 'tenantId', 'timestamp', 'data', 'livemode'],
      properties: {
        id: { type: 'string', example: 'evt_4Vq…' },
        event: { type: 'string', enum: [type] },
        tenantId: nullableText,
        timestamp: dateTime,
        data: EVENT_DATA[type],
        livemode: { type: 'boolean' },
      },
    };
  }
  schemas.WebhookEvent = {
    description: 'What your webhook receives (POST, signed): one of these, told apart by `event`',
    oneOf: DOCUMENTED_EVENT_TYPES.map((type) => ({ $ref: `#/components/schemas/${schemaName(type)}` })),
    discriminator: {
      propertyName: 'event',
      mapping: Object.fromEntries(
        DOCUMENTED_EVENT_TYPES.map((type) => [type, `#/components/schemas/${schemaName(type)}`]),
      ),
    },
  };
  const tags = (document.tags ??= []);
  const description =
    'Your endpoint receives each event as a signed POST whose body is a [WebhookEvent](#/components/schemas/WebhookEvent).';
  const tag = tags.find((candidate) => candidate.name === 'Webhooks');
  if (tag) tag.description = tag.description ? `${tag.description} ${description}` : description;
  else tags.push({ name: 'Webhooks', description });
  (document as OpenAPIObject & { 'x-webhooks'?: unknown })['x-webhooks'] = {
    event: {
      post: {
        operationId: 'receiveWebhookEvent',
        summary: 'An event, sent to your webhook URL',
        description: `Your endpoint receives each event as a signed POST; answer 2xx once it is stored. ${WEBHOOK_SIGNING_HEADERS}`,
        tags: ['Webhooks'],
        security: [],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } },
        },
        responses: { '2XX': { description: 'Received' } },
      },
    },
  };
}
