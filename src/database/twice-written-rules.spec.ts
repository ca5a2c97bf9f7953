import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DELIVERY_STATUSES } from '../posts/delivery.entity';

/**
 * A rule written both in TypeScript and in the SQL the migrations define has one home where it can:
 * recording an event (its endpoint state, skip reasons, first delay and id) is the database's
 * record_event, which the application calls. What is still written twice is held together by a
 * test: here, reading the SQL side from db/schema.sql (kept current by the schema-dump e2e test);
 * a post's status from its deliveries' counts (post_status and postStatusOf, which a hot path
 * reads in memory) in test/e2e/post-status-parity.e2e-spec.ts, through the real function.
 */
const schema = readFileSync(join(__dirname, '..', '..', 'db', 'schema.sql'), 'utf8');

describe('rules written both in TypeScript and in the schema agree', () => {
  it("the deliveries' status check allows exactly the statuses the code knows", () => {
    const check = /CONSTRAINT deliveries_status_check CHECK \(\(status = ANY \(ARRAY\[([^\]]*)\]\)\)\)/.exec(
      schema,
    )![1];
    const allowed = [...check.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(allowed).toEqual([...DELIVERY_STATUSES]);
  });
});
