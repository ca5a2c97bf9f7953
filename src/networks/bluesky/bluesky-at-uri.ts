/** A record's address (https://atproto.com/specs/at-uri-scheme): `at://<repo>/<collection>/<rkey>`. */
export interface AtUriParts {
  repo: string;
  collection: string;
  rkey: string;
}

export function parseAtUri(uri: string): AtUriParts | undefined {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(uri);
  return match ? { repo: match[1]!, collection: match[2]!, rkey: match[3]! } : undefined;
}

/** A record's strong reference (com.atproto.repo.strongRef): its address and the hash of its content. */
export interface StrongRef {
  uri: string;
  cid: string;
}

export const POST_COLLECTION = 'app.bsky.feed.post';
