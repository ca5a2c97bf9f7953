import { request as httpRequest } from 'node:http';

/**
 * Plays the user on a real PDS's authorization page without a browser. The page is a single-page
 * app over a JSON API of @atproto/oauth-provider (`/@atproto/oauth-provider/~api/*`), internal and
 * unversioned: this follows PDS 0.5.35, the harness's pinned version. Requests go through node:http,
 * not fetch: fetch sends `sec-fetch-mode: cors`, which the provider refuses for these calls.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    call.on('error', reject);
    call.end(body);
  });
}

/** Signs in as `username` on the authorize page at `authUrl` and consents to `scope`: the redirect URL with code, state and iss. */
export async function consentOnPds(authUrl: string, username: string, password: string, scope: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const keep = (answer: Answer) => {
    const set = answer.headers['set-cookie'] ?? [];
    for (const cookie of Array.isArray(set) ? set : [set]) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const page = await send('GET', authUrl, {
    accept: 'text/html',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-site': 'cross-site',
  });
  if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}: ${page.text.slice(0, 300)}`);
  keep(page);
  const origin = new URL(authUrl).origin;
  const api = async (endpoint: string, body: unknown): Promise<Record<string, unknown>> => {
    const payload = JSON.stringify(body);
    const answer = await send(
      'POST',
      `${origin}/@atproto/oauth-provider/~api${endpoint}`,
      {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(payload)),
        origin,
        referer: authUrl,
        'sec-fetch-mode': 'same-origin',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-dest': 'empty',
        'x-csrf-token': cookies.get('csrf-token') ?? '',
        cookie: cookieHeader(),
      },
      payload,
    );
    keep(answer);
    if (answer.status >= 400) throw new Error(`${endpoint} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return JSON.parse(answer.text) as Record<string, unknown>;
  };
  const signedIn = await api('/sign-in', { locale: 'en', username, password, remember: true });
  const account = signedIn.account as { sub?: string; did?: string };
  const consent = await api('/consent', { did: account.sub ?? account.did, scope });
  return new URL(String(consent.url));
}
