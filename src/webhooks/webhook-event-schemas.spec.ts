import type { OpenAPIObject } from '@nestjs/swagger';
import { ALL_EVENT_TYPES } from './event-types';
import { addWebhookEventSchemas, DOCUMENTED_EVENT_TYPES } from './webhook-event-schemas';

describe('webhook event schemas', () => {
  it('document exactly the event types the service sends and filters on', () => {
    expect([...DOCUMENTED_EVENT_TYPES].sort()).toEqual([...ALL_EVENT_TYPES].sort());
  });

  it('name a schema per event type under components.schemas, each one of WebhookEvent', () => {
    const document = { openapi: '3.0.0', info: { title: 't', version: '1' }, paths: {} } as OpenAPIObject;
    addWebhookEventSchemas(document);
    const schemas = document.components!.schemas! as Record<string, { oneOf?: Array<{ $ref: string }> }>;
    const members = schemas.WebhookEvent!.oneOf!.map((member) => member.$ref.replace('#/components/schemas/', ''));
    expect(members).toHaveLength(ALL_EVENT_TYPES.length);
    for (const name of members) expect(schemas[name]).toBeDefined();
    expect(members).toEqual(
      expect.arrayContaining(['PostFailedEvent', 'AccountTokenExpiringEvent', 'WebhookTestEvent']),
    );
  });
});
