import { logNetworkCall } from '../../observability';
import { withAttemptRow, ATTEMPTS_KEPT } from './attempt-rows.sql';
import { AttemptTrace, currentAttemptTrace, MAX_CALLS_PER_ATTEMPT } from './attempt-trace';
import { unfinishedBefore } from './delivery-attempts.store';

const start = () =>
  new AttemptTrace({
    deliveryId: 'dlv_1',
    number: 2,
    workerId: 'lanes:host:1:ab',
    resuming: false,
    startedAt: new Date('2026-11-26T22:00:00Z'),
    progress: { mediaIds: ['1'] },
  });

describe('AttemptTrace', () => {
  it('collects the calls made within its run as path templates (no query), and is current there only', async () => {
    const trace = start();
    await trace.run(async () => {
      expect(currentAttemptTrace()).toBe(trace);
      logNetworkCall({
        operation: 'publish',
        method: 'POST',
        url: 'https://graph.example/v25.0/17841400000000001/media?access_token=secret',
        status: 200,
        durationMs: 12.4,
      });
    });
    expect(currentAttemptTrace()).toBeUndefined();
    logNetworkCall({
      operation: 'other',
      method: 'GET',
      url: 'https://elsewhere.example/',
      status: 200,
      durationMs: 1,
    });
    const row = trace.end({ outcome: 'published' })!;
    expect(row.calls).toEqual([
      { operation: 'publish', method: 'POST', path: '/v25.0/{id}/media', status: 200, durationMs: 12 },
    ]);
    expect(JSON.stringify(row)).not.toContain('secret');
  });

  it('records as a checkpoint the fields of the progress that changed, and keeps at most its bound of calls', async () => {
    const trace = start();
    trace.reached({ mediaIds: ['1'], containerId: 'c1' });
    trace.reached({ mediaIds: ['1'], containerId: 'c1' });
    trace.reached({ mediaIds: ['1', '2'], containerId: 'c1' });
    for (let call = 0; call < MAX_CALLS_PER_ATTEMPT + 5; call++)
      trace.add({ operation: 'upload', method: 'POST', path: '/x', status: 200, durationMs: 1 });
    const row = trace.end({ outcome: 'retry_later', waitReason: 'processing', nextAttemptAt: new Date() })!;
    expect(row.checkpoints.map((checkpoint) => checkpoint.saved)).toEqual([['containerId'], ['mediaIds']]);
    expect(row.calls).toHaveLength(MAX_CALLS_PER_ATTEMPT);
    expect(row).toMatchObject({ deliveryId: 'dlv_1', number: 2, workerId: 'lanes:host:1:ab', errorCode: null });
    expect(row.endedAt.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime());
  });

  it('gives its row once: a second end writes nothing', () => {
    const trace = start();
    expect(trace.end({ outcome: 'published' })).toBeDefined();
    expect(trace.end({ outcome: 'failed', errorCode: 'network_rejected' })).toBeUndefined();
  });
});

describe('withAttemptRow', () => {
  const row = start().end({ outcome: 'published' })!;

  it('adds the insert and the pruning as CTEs to a statement, its parameters after the others', () => {
    const plain = withAttemptRow('UPDATE deliveries SET status = $2 WHERE id = $1', ['dlv_1', 'failed'], row);
    expect(plain.sql).toMatch(
      /^WITH attempt_row AS \(INSERT INTO delivery_attempts .* VALUES \(\$3, \$4, \$5::integer/,
    );
    expect(plain.sql).toContain(`OFFSET ${ATTEMPTS_KEPT - 1}))`);
    expect(plain.sql).toMatch(/\) UPDATE deliveries SET status = \$2 WHERE id = \$1$/);
    expect(plain.params.slice(0, 4)).toEqual(['dlv_1', 'failed', row.id, 'dlv_1']);
    expect(plain.params).toHaveLength(17);
  });

  it('joins the CTEs of a statement that has its own', () => {
    const joined = withAttemptRow('WITH change AS (UPDATE deliveries SET x = 1 RETURNING id) SELECT 1', [], row);
    expect(joined.sql).toMatch(/^WITH attempt_row AS .*attempts_pruned AS \(.*\)\), change AS \(UPDATE/);
  });
});

describe('unfinishedBefore', () => {
  it('counts the attempts between two rows that left none', () => {
    expect(unfinishedBefore(2, 1, false)).toBe(0);
    expect(unfinishedBefore(4, 1, false)).toBe(2);
  });

  it("counts from 1 for a delivery's first row, unless older rows were pruned", () => {
    expect(unfinishedBefore(1, null, false)).toBe(0);
    expect(unfinishedBefore(3, null, false)).toBe(2);
    expect(unfinishedBefore(60, null, true)).toBe(0);
  });

  it('starts again after a retry of a failed delivery (the count restarts from 1)', () => {
    expect(unfinishedBefore(1, 8, false)).toBe(0);
    expect(unfinishedBefore(2, 8, false)).toBe(1);
  });
});
