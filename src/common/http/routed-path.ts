/**
 * The path of a request URL as Fastify's router matches it: the query cut off, percent-escapes
 * decoded the way find-my-way decodes them (decodeURI, which leaves reserved characters such as
 * %2F encoded, and an escaped `%` kept escaped so it is not decoded twice).
 *
 * Every decision about *which part of the service* a request is for (the API key check, the
 * dashboard's headers and form parsing) must read this, never the raw URL: `/%64ashboard` and
 * `/api/%761` route exactly like `/dashboard` and `/api/v1`, so a check on the raw spelling is a
 * check a client can step around.
 */
export function routedPath(url: string): string {
  const end = firstIndexOf(url, ['?', '#']);
  const raw = end === -1 ? url : url.slice(0, end);
  if (!raw.includes('%')) return raw;
  try {
    return decodeURI(raw.replace(/%25/g, '%2525'));
  } catch {
    // Fastify answers a URL it cannot decode with 400 before any route; keep the raw form.
    return raw;
  }
}

function firstIndexOf(text: string, characters: string[]): number {
  const found = characters.map((character) => text.indexOf(character)).filter((index) => index !== -1);
  return found.length === 0 ? -1 : Math.min(...found);
}
