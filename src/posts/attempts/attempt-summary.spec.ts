import { attemptSummary, readableTime, SummaryFacts } from './attempt-summary';

const facts = (over: Partial<SummaryFacts> = {}): SummaryFacts => ({
  number: 1,
  resuming: false,
  outcome: 'published',
  errorCode: null,
  errorMessage: null,
  waitReason: null,
  nextAttemptAt: null,
  networkResetAt: null,
  calls: [{ status: 201 }],
  checkpoints: [],
  unfinishedBefore: 0,
  ...over,
});

describe('attemptSummary', () => {
  it('says a published attempt with its calls, singular and plural', () => {
    expect(attemptSummary(facts())).toBe('Attempt 1 made 1 network call, and published the post.');
    expect(attemptSummary(facts({ calls: [{ status: 200 }, { status: 201 }] }))).toBe(
      'Attempt 1 made 2 network calls, and published the post.',
    );
    expect(attemptSummary(facts({ calls: [] }))).toBe('Attempt 1 made no network call, and published the post.');
  });

  it('counts the calls answered with an error or not at all, and the steps the network confirmed', () => {
    expect(
      attemptSummary(
        facts({
          number: 3,
          calls: [{ status: 200 }, { status: 503 }, { status: null }],
          checkpoints: [{ saved: ['containerId'] }, { saved: ['mediaIds'] }],
        }),
      ),
    ).toBe(
      'Attempt 3 made 3 network calls (2 answered with an error or not at all) and saved 2 steps the network confirmed, and published the post.',
    );
  });

  it('says a resumed attempt looked on the network first', () => {
    expect(attemptSummary(facts({ resuming: true }))).toBe(
      'Attempt 1 looked on the network first for a post an earlier attempt may have made and made 1 network call, and published the post.',
    );
  });

  it('names the failure with its code, without doubling the full stop', () => {
    expect(
      attemptSummary(facts({ outcome: 'failed', errorCode: 'network_rejected', errorMessage: 'Duplicate content.' })),
    ).toBe('Attempt 1 made 1 network call, and failed for good (network_rejected): Duplicate content.');
  });

  it("names a rate limit's reset and when the next attempt is due", () => {
    const waiting = facts({
      outcome: 'retry_later',
      calls: [{ status: 429 }],
      waitReason: 'rate_limit',
      errorCode: 'rate_limited',
      nextAttemptAt: new Date('2026-11-26T22:15:03.412Z'),
      networkResetAt: new Date('2026-11-26T22:15:00.000Z'),
    });
    expect(attemptSummary(waiting)).toBe(
      "Attempt 1 made 1 network call (1 answered with an error or not at all), and hit the network's rate limit, which " +
        'resets at 2026-11-26T22:15:00Z: the next attempt waits for it (due 2026-11-26T22:15:03Z).',
    );
    expect(attemptSummary({ ...waiting, networkResetAt: null })).toContain(
      "hit the network's rate limit: the next attempt waits for it (due 2026-11-26T22:15:03Z).",
    );
  });

  it('says each other wait: a usage cap, a processing poll, a backoff, our own error', () => {
    const at = new Date('2026-11-27T00:00:00Z');
    const waiting = (over: Partial<SummaryFacts>) =>
      attemptSummary(facts({ outcome: 'retry_later', nextAttemptAt: at, ...over }));
    expect(waiting({ waitReason: 'usage_cap' })).toContain(
      "reached the usage cap of the account's network for the period: the next attempt waits for the period to end (due 2026-11-27T00:00:00Z).",
    );
    expect(waiting({ waitReason: 'processing' })).toContain(
      'the network is still processing the media: it looks again at 2026-11-27T00:00:00Z.',
    );
    expect(waiting({ waitReason: 'backoff', errorMessage: 'Service Unavailable' })).toContain(
      'the network had trouble (Service Unavailable): it tries again after a backoff, at 2026-11-27T00:00:00Z.',
    );
    expect(waiting({ waitReason: 'own_error' })).toContain(
      "stopped on an error of our own (not the network's): it tries again at 2026-11-27T00:00:00Z.",
    );
  });

  it('says first that earlier attempts left no trace, one or several', () => {
    expect(attemptSummary(facts({ number: 2, unfinishedBefore: 1 }))).toBe(
      'The previous attempt did not finish: its worker stopped before recording an outcome. ' +
        'Attempt 2 made 1 network call, and published the post.',
    );
    expect(attemptSummary(facts({ number: 4, unfinishedBefore: 3 }))).toMatch(
      /^3 earlier attempts did not finish: their workers stopped before recording an outcome\. Attempt 4 /,
    );
  });

  it('writes times to the second, in UTC', () => {
    expect(readableTime(new Date('2026-11-26T22:15:03.999Z'))).toBe('2026-11-26T22:15:03Z');
  });
});
