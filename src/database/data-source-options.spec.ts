import { dataSourceOptions, startupOptions } from './data-source-options';

describe('the session settings each connection of the pool starts with', () => {
  const saved = process.env.PGOPTIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = saved;
  });

  it("carries the retry schedule's first delay in the pool's startup options", () => {
    delete process.env.PGOPTIONS;
    const options = dataSourceOptions('postgres://u:p@db:5432/sps', 10, 5_000, { webhookFirstDelayMs: 2_000 });
    expect(options).toMatchObject({
      url: 'postgres://u:p@db:5432/sps',
      extra: { options: '-c sps.webhook_first_delay_ms=2000' },
    });
  });

  it('keeps what PGOPTIONS sets, which the pool option would otherwise hide', () => {
    process.env.PGOPTIONS = '-c search_path=sps';
    expect(startupOptions('postgres://db/sps', { webhookFirstDelayMs: 0 })).toEqual({
      url: 'postgres://db/sps',
      options: '-c search_path=sps -c sps.webhook_first_delay_ms=0',
    });
  });

  it("adds to the URL's own options, which node-postgres would read over the pool's", () => {
    const { url, options } = startupOptions('postgres://u:p@db/sps?options=-c%20search_path%3Dsps&sslmode=require', {
      webhookFirstDelayMs: 1_500,
    });
    expect(options).toBeUndefined();
    const parsed = new URL(url);
    expect(parsed.searchParams.get('options')).toBe('-c search_path=sps -c sps.webhook_first_delay_ms=1500');
    expect(parsed.searchParams.get('sslmode')).toBe('require');
    expect([parsed.username, parsed.password, parsed.host, parsed.pathname]).toEqual(['u', 'p', 'db', '/sps']);
  });
});
