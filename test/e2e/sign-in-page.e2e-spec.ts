import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { emulatedSignIn, startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';

const REDIRECT = 'https://app.example.com/connected';

/**
 * The service's own sign-in page, for a network whose users give apps an app password (Bluesky):
 * auth-url sends the user there; a right password ends like a network's callback, a wrong one
 * shows the form again a few times, and the password goes nowhere but the network.
 */
describe('The sign-in page of a network with app passwords (Bluesky, on the emulator)', () => {
  let t: TestApp & { baseUrl: string };
  let alice: TestCustomer;
  let ada: { identifier: string; password: string };

  beforeAll(async () => {
    t = await startEmulatedApp();
    alice = await t.createCustomer('alice');
    await t.app.get(RedirectUrlsService).add(alice.id, REDIRECT);
    ada = await emulatedSignIn(t.baseUrl);
  });
  afterAll(() => t.close());

  async function startAttempt(network = 'bluesky', clientState?: string): Promise<{ url: string; state: string }> {
    const answer = await request(t.server)
      .post(`/api/v1/social-networks/${network}/auth-url`)
      .set('Authorization', `Bearer ${alice.apiKey}`)
      .send({ tenant_id: 'tenant-1', redirect_uri: REDIRECT, ...(clientState ? { client_state: clientState } : {}) });
    expect(answer.status).toBe(200);
    const url = answer.body.data.auth_url as string;
    return { url, state: new URL(url).searchParams.get('state')! };
  }

  const post = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  const tries = async (state: string) =>
    (
      (await t.db.query(
        `SELECT sign_in_tries FROM connect_attempts WHERE state_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
        [state],
      )) as Array<{ sign_in_tries: number }>
    )[0]?.sign_in_tries;

  it("auth-url sends the user to the service's own page, which asks for the handle and an app password", async () => {
    const { url } = await startAttempt();
    expect(url.startsWith(`${t.baseUrl}/oauth/bluesky/sign-in?state=`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('Connect your Bluesky account');
    expect(html).toContain('name="identifier"');
    expect(html).toMatch(/name="password" type="password"/);
    expect(html).toContain('https://bsky.app/settings/app-passwords');
  });

  it('signs in with the right app password and goes back to the app with a pending session offering the profile', async () => {
    const { url, state } = await startAttempt('bsky', 'c-42');
    const answer = await post(url, { state, ...ada });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('network')).toBe('bluesky');
    expect(back.searchParams.get('client_state')).toBe('c-42');
    const session = back.searchParams.get('session')!;
    const pending = await request(t.server)
      .get(`/api/v1/social-accounts/pending/${session}`)
      .set('Authorization', `Bearer ${alice.apiKey}`);
    expect(pending.status).toBe(200);
    expect(pending.body.data.availablePages).toEqual([
      expect.objectContaining({ username: ada.identifier, type: 'profile' }),
    ]);
    // The attempt is used up: the page and the form refuse it now.
    expect((await fetch(url)).status).toBe(400);
    expect((await post(url, { state, ...ada })).status).toBe(400);
  });

  it('shows the form again after a wrong password, keeping the handle and never the password', async () => {
    const { url, state } = await startAttempt();
    const answer = await post(url, { state, identifier: ada.identifier, password: 'wrong-pass-word-1234' });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('Bluesky did not accept that handle and app password.');
    expect(html).toContain(`value="${ada.identifier}"`);
    expect(html).not.toContain('wrong-pass-word-1234');
    // The attempt is still open: the right password now connects.
    const right = await post(url, { state, ...ada });
    expect(right.status).toBe(302);
    expect(new URL(right.headers.get('location')!).searchParams.get('session')).toBeTruthy();
  });

  it('asks again for an empty field without spending a try', async () => {
    const { url, state } = await startAttempt();
    const answer = await post(url, { state, identifier: ada.identifier, password: '' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Enter your handle and app password.');
    expect(await tries(state)).toBe(0);
  });

  it('allows five tries per attempt, however many forms are posted at once, then sends the user back', async () => {
    const { url, state } = await startAttempt('bluesky', 'c-7');
    const wrong = { state, identifier: ada.identifier, password: 'aaaa-bbbb-cccc-dddd' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(url, wrong)));
    const statuses = answers.map((answer) => answer.status).sort();
    // Five reached Bluesky and showed the form again (or, the fifth, sent the user back); the others were out of tries.
    expect(await tries(state)).toBe(5);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(5);
    const backs = answers.filter((answer) => answer.status === 302);
    expect(backs.length).toBeGreaterThanOrEqual(1);
    for (const back of backs) {
      const to = new URL(back.headers.get('location')!);
      expect(to.searchParams.get('error')).toBe('access_denied');
      expect(to.searchParams.get('client_state')).toBe('c-7');
    }
    // Even the right password is too late now.
    expect((await post(url, { state, ...ada })).status).toBe(400);
  });

  it('sends the user back with access_denied when they cancel', async () => {
    const { url, state } = await startAttempt('bluesky', 'c-9');
    const answer = await post(url, { state, cancel: '1' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('client_state')).toBe('c-9');
  });

  it('answers an error page, and redirects nowhere, for an unknown state or a network without a sign-in page', async () => {
    expect((await fetch(`${t.baseUrl}/oauth/bluesky/sign-in?state=st_unknown`)).status).toBe(400);
    expect((await post(`${t.baseUrl}/oauth/bluesky/sign-in`, { state: 'st_unknown', ...ada })).status).toBe(400);
    const x = await startAttempt('x');
    expect(new URL(x.url).pathname).not.toContain('/sign-in');
    expect((await fetch(`${t.baseUrl}/oauth/x/sign-in?state=${x.state}`)).status).toBe(400);
  });

  it('still refuses HTML forms on the API (JSON only)', async () => {
    const answer = await fetch(`${t.baseUrl}/api/v1/social-networks/bluesky/auth-url`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.apiKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tenant_id: 't', redirect_uri: REDIRECT }).toString(),
    });
    expect(answer.status).toBe(415);
  });
});
