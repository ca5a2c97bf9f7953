// The shape of contracts/linkedin/api-rules.json (hand-written from LinkedIn's reference pages on
// learn.microsoft.com) and what its rules need: whether a version is answered on a day, and the
// little text format's escaping.
import { readContractJson } from '../contracts-dir';

interface PageRule {
  source: string;
  quote?: string;
  note?: string;
  /** Only third parties state it; LinkedIn's stored pages did not. */
  thirdParty?: boolean;
}

export interface LinkedInVersionRow {
  version: string;
  /** YYYY-MM-DD: from that day LinkedIn answers 426 NONEXISTENT_VERSION. */
  sunset: string;
}

export interface LinkedInErrorRule {
  status: number;
  code: string;
  message?: string;
}

export interface LinkedInApiRules {
  read: string;
  sources: Record<string, { url: string; read: string }>;
  headers: {
    version: PageRule & { name: string; format: string };
    restli: PageRule & { name: string; value: string };
    versionedBase: string;
    unversioned: string[];
  };
  versions: PageRule & {
    pinned: string;
    pinnedBecause: string;
    table: LinkedInVersionRow[];
    inactive: PageRule & LinkedInErrorRule;
    missing: PageRule & LinkedInErrorRule;
  };
  oauth: {
    authorize: PageRule & { url: string; params: string[]; scopeSeparator: string; pkce: boolean };
    token: PageRule & { url: string; codeParams: string[]; refreshParams: string[]; answer: string[] };
    accessTokenSeconds: number;
    refreshTokenSeconds: number;
    refreshExtendsRefreshToken: boolean;
    codeLifetimeSeconds: number;
    revoke: PageRule & { exists: boolean };
  };
  scopes: {
    source: string;
    known: string[];
    serves: Record<string, string>;
    perCall: Record<string, string[]>;
    postingRoles: PageRule & { values: string[] };
    aclStates: string[];
  };
  posts: PageRule & {
    create: PageRule & { status: number; idHeader: string };
    delete: PageRule & { status: number };
    /** A partial update (`X-RestLi-Method: PARTIAL_UPDATE`, `{"patch":{"$set":{…}}}`): what an organic post may change. */
    update: PageRule & {
      method: string;
      methodHeader: { name: string; value: string };
      status: number;
      updatable: string[];
      organicUpdatable: string[];
    };
    required: string[];
    known: string[];
    authorPattern: string;
    visibility: PageRule & { values: string[]; memberOnly: string[] };
    feedDistribution: PageRule & { values: string[] };
    lifecycleState: PageRule & { values: string[] };
    content: {
      kinds: string[];
      organicKinds: string[];
      mediaUrnPattern: string;
      documentTitleRequired: boolean;
      multiImage: PageRule & { min: number; max: number };
      article: { required: string[]; known: string[] };
      poll: PageRule & {
        minOptions: number;
        maxOptions: number;
        durations: string[];
        questionMaxLength: number;
        optionMaxLength: number;
      };
    };
    commentaryMaxLength: PageRule & { value: number };
    finder: { query: string[]; sortBy: string[] };
    permalink: string;
  };
  littleText: PageRule & { reserved: string[]; unescaped: 'truncated' };
  media: {
    statuses: string[];
    images: LinkedInMediaRule & { maxPixels: number };
    videos: LinkedInMediaRule & { partBytes: number; minBytes: number; minSeconds: number; maxSeconds: number };
    documents: LinkedInMediaRule & { maxPages: number };
  };
  comments: PageRule & { path: string; required: string[]; known: string[]; maxLength: { value: number } };
  statistics: {
    organization: PageRule & { path: string; fields: string[]; windowDays: number };
    member: PageRule & { path: string; queryTypes: string[]; aggregation: string[] };
    /** An organization's followers: `networkSizes` of its URN with this edgeType, the count in `field`. */
    organizationFollowers: PageRule & { path: string; query: string[]; edgeType: string; field: string; role: string };
    /** The authenticated member's followers: `memberFollowersCount?q=me`, the count in `elements[0][field]`. */
    memberFollowers: PageRule & { path: string; query: string[]; field: string };
  };
  rateLimits: PageRule & {
    window: 'day';
    resetsAt: string;
    status: number;
    headers: boolean;
    postsPerDay: { value: number };
  };
  errors: PageRule & {
    shape: string[];
    unauthorized: LinkedInErrorRule & { expiredCode: string };
    forbidden: LinkedInErrorRule;
    duplicate: LinkedInErrorRule;
    throttled: LinkedInErrorRule;
  };
}

export interface LinkedInMediaRule extends PageRule {
  initialize: string;
  answer: string[];
  formats: string[];
  maxBytes: number;
}

export function linkedInApiRules(): LinkedInApiRules {
  return readContractJson<LinkedInApiRules>('linkedin/api-rules.json');
}

/** The day (UTC) a version stops being answered, from the migrations table; undefined for a version it does not list. */
export function linkedInSunset(version: string): Date | undefined {
  const row = linkedInApiRules().versions.table.find((entry) => entry.version === version);
  return row ? new Date(`${row.sunset}T00:00:00Z`) : undefined;
}

/**
 * Whether LinkedIn answers a `LinkedIn-Version` on a day: a version of the migrations table before
 * its sunset. A version the table does not list is not known to be active, so it is not.
 */
export function linkedInVersionActive(version: string, now: Date): boolean {
  const sunset = linkedInSunset(version);
  return sunset !== undefined && now.getTime() < sunset.getTime();
}

/**
 * Commentary and comment text in the little text format: every reserved character escaped with a
 * backslash ("All reserved characters need to be escaped ... even if those characters are not used
 * in one of the supported elements"), the backslash itself first.
 */
export function escapeLittleText(text: string): string {
  const reserved = new Set(linkedInApiRules().littleText.reserved);
  let out = '';
  for (const char of text) out += reserved.has(char) ? `\\${char}` : char;
  return out;
}

const HASHTAG = /^#[\p{L}\p{N}_]+/u;
const MENTION = /^@\[([^\]]*)\]\(urn:li:(?:person|organization):[A-Za-z0-9_-]+\)/;

/**
 * What LinkedIn keeps of a little text (integrators' reports: the post is accepted and cut at the
 * first reserved character not escaped), unescaped for display; a hashtag (`#tag`) and a mention
 * (`@[Name](urn:li:person:…)`) are elements, kept (a mention as its name). The `cut` flag says whether
 * anything was lost.
 */
export function readLittleText(text: string): { text: string; cut: boolean } {
  const reserved = new Set(linkedInApiRules().littleText.reserved);
  let out = '';
  const chars = [...text];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if (char === '\\') {
      const next = chars[index + 1];
      if (next !== undefined && reserved.has(next)) {
        out += next;
        index += 1;
        continue;
      }
      return { text: out, cut: true };
    }
    // The two elements a text may hold unescaped: a hashtag and a mention.
    const rest = chars.slice(index).join('');
    const element = char === '#' ? HASHTAG.exec(rest) : char === '@' ? MENTION.exec(rest) : null;
    if (element) {
      out += char === '#' ? element[0] : element[1];
      index += [...element[0]].length - 1;
      continue;
    }
    if (reserved.has(char)) return { text: out, cut: true };
    out += char;
  }
  return { text: out, cut: false };
}
