import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base62, ID_PREFIX } from '../common/ids';
import { DELIVERY_STATUSES } from '../posts/delivery.entity';
import { SKIPPED_BECAUSE } from '../webhooks/event-outbox';

/**
 * Some rules are written twice, once in TypeScript and once in the SQL the migrations define (the
 * post.completed trigger records its event without the application), and nothing else would
 * notice if one side changed alone. Until each has one home, these checks hold the two copies
 * together, reading the SQL side from db/schema.sql (kept current by the schema-dump e2e test).
 */
const schema = readFileSync(join(__dirname, '..', '..', 'db', 'schema.sql'), 'utf8');

function functionBody(name: string): string {
  const start = schema.indexOf(`CREATE OR REPLACE FUNCTION public.${name}(`);
  expect(start).toBeGreaterThanOrEqual(0);
  return schema.slice(start, schema.indexOf('$function$;', start));
}

describe('rules written both in TypeScript and in the schema agree', () => {
  it("record_post_completed gives the outbox's reasons for a skipped event, and no other", () => {
    const body = functionBody('record_post_completed');
    const reasons = [...body.matchAll(/'(Not sent: [^']*)'/g)].map((match) => match[1]);
    expect(reasons.sort()).toEqual(Object.values(SKIPPED_BECAUSE).sort());
  });

  it('new_event_id() spells ids with the prefix and the base62 digits of src/common/ids.ts', () => {
    const body = functionBody('new_event_id');
    const digits = /digits constant text := '([^']*)'/.exec(body)![1];
    expect(digits).toHaveLength(62);
    // One byte below 62 encodes as the one digit of that value.
    expect([...digits]).toEqual(Array.from({ length: 62 }, (_, value) => base62.encode(Uint8Array.of(value))));
    expect(body).toContain(`RETURN '${ID_PREFIX.event}_' || encoded;`);
  });

  it("the deliveries' status check allows exactly the statuses the code knows", () => {
    const check = /CONSTRAINT deliveries_status_check CHECK \(\(status = ANY \(ARRAY\[([^\]]*)\]\)\)\)/.exec(
      schema,
    )![1];
    const allowed = [...check.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(allowed).toEqual([...DELIVERY_STATUSES]);
  });
});
