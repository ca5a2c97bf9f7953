import request from 'supertest';
import { TestApp } from './test-app';

/** The cookies a response set, as a Cookie header (name=value; …), and their full Set-Cookie lines. */
export function cookiesOf(response: request.Response): { header: string; lines: string[] } {
  const raw = response.headers['set-cookie'] as unknown as string[] | string | undefined;
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  // A cookie set to '' is one being cleared: the browser would drop it.
  const pairs = lines.map((line) => line.split(';', 1)[0]!).filter((pair) => !pair.endsWith('='));
  return { header: pairs.join('; '), lines };
}

/** The CSRF token a dashboard page's forms carry. */
export function csrfTokenIn(page: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(page);
  if (!match) throw new Error(`No CSRF field in the page: ${page.slice(0, 300)}`);
  return match[1]!;
}

export interface SignInForm {
  /** The Cookie header to send back (the sign-in CSRF cookie). */
  cookie: string;
  token: string;
}

export async function signInForm(t: TestApp): Promise<SignInForm> {
  const page = await request(t.server).get('/dashboard/sign-in');
  return { cookie: cookiesOf(page).header, token: csrfTokenIn(page.text) };
}

/** A sign-in attempt through the real form; `forwardedFor` sets X-Forwarded-For (believed only with TRUST_PROXY). */
export async function postSignIn(
  t: TestApp,
  email: string,
  password: string,
  options: { form?: SignInForm; forwardedFor?: string } = {},
): Promise<request.Response> {
  const form = options.form ?? (await signInForm(t));
  const call = request(t.server).post('/dashboard/sign-in').set('Cookie', form.cookie).type('form');
  if (options.forwardedFor) call.set('X-Forwarded-For', options.forwardedFor);
  return call.send({ _csrf: form.token, email, password });
}

export interface DashboardSessionCookie {
  /** The Cookie header of the signed-in browser. */
  cookie: string;
  /** The session's CSRF token, as its pages carry it. */
  csrf: string;
}

/** Signs in and returns what a browser would then hold. */
export async function signedIn(t: TestApp, email: string, password: string): Promise<DashboardSessionCookie> {
  const response = await postSignIn(t, email, password);
  if (response.status !== 303) throw new Error(`Sign-in answered ${response.status}: ${response.text.slice(0, 300)}`);
  const cookie = cookiesOf(response).header;
  const page = await request(t.server).get('/dashboard/api-keys').set('Cookie', cookie);
  return { cookie, csrf: csrfTokenIn(page.text) };
}
