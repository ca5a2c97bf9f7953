import request from 'supertest';
import { SEEDED_PINTEREST_BOARD_ID } from '../../src/emulator/pinterest/pinterest-test-user';
import type { NetworkCapabilitiesView } from '../../src/networks/capabilities/dto/network-capabilities.view';
import { TestedNetwork } from './networks';
import { TestApp } from './test-app';
import { youTubeQuotaDay } from '../../src/contracts';

/**
 * For the e2e tests that run one case per network (over TESTED_NETWORKS): what a case may rely on
 * comes from the network's capability document (GET /api/v1/networks/:network: whether it has
 * comments, deletes posts, which metrics it reports, whether a post needs media), and the little a
 * document does not say comes from the network's fixture below. A network joins those tests by
 * being installed and emulated; the compiler then asks for its fixture.
 */

const documents = new WeakMap<TestApp, Map<string, NetworkCapabilitiesView>>();

/** The instance's capability document of the network, as any key reads it (read once per instance). */
export async function capabilitiesOf(
  t: TestApp,
  apiKey: string,
  network: TestedNetwork,
): Promise<NetworkCapabilitiesView> {
  const known = documents.get(t) ?? new Map<string, NetworkCapabilitiesView>();
  documents.set(t, known);
  const cached = known.get(network);
  if (cached) return cached;
  const answer = await request(t.server).get(`/api/v1/networks/${network}`).set('Authorization', `Bearer ${apiKey}`);
  if (answer.status !== 200) throw new Error(`GET /api/v1/networks/${network} answered ${answer.status}`);
  const document = answer.body.data as NetworkCapabilitiesView;
  known.set(network, document);
  return document;
}

/**
 * A first container the network publishes in its default placement: the text, with one image
 * where the placement needs media (Instagram takes no post without), or one video where it takes
 * no image (YouTube), from the same media server (`clip.mp4` beside the image).
 */
export function publishableContainer(
  document: NetworkCapabilitiesView,
  content: string,
  imageUrl: () => string,
): { content: string; media?: Array<{ url: string }> } {
  const { media } = document.placements[document.defaultPlacement]!;
  if (media.minItems === 0) return { content };
  const url = media.kinds.image ? imageUrl() : media.kinds.video ? imageUrl().replace(/[^/]*$/, 'clip.mp4') : undefined;
  if (url === undefined) throw new Error(`${document.id} needs media but takes neither an image nor a video`);
  return { content, media: Array.from({ length: media.minItems }, () => ({ url })) };
}

/** What the tests need of a network that its capability document does not say. */
export interface NetworkFixture {
  /**
   * What a new emulator test user (`id`, handle `handle`) has on the network, as fields of the body
   * of the emulator's `POST /control/users`: one page or profile to offer when connecting.
   */
  testUser(id: string, handle: string): Record<string, unknown>;
  /**
   * Where such a user is offered more than one account (a LinkedIn member and the organization they
   * administer): how many, and which one the tests connect. Absent: one, connected.
   */
  offered?: { count: number; connect(offered: ReadonlyArray<{ id: string }>): Array<{ id: string }> };
  /**
   * The options every post to the network needs (`options.<network>`), for the users testUser makes
   * and the emulator's seeded ones (Pinterest's board; TikTok's privacyLevel, which TikTok's rules
   * forbid a default for). Absent: none.
   */
  postOptions?: Record<string, unknown>;
  comments: {
    /** An id no comment of the network can have (the API refuses it as replyToId with 400). */
    misshapenId: string;
    /** A well-formed id of a comment under the published object `objectId`, that nobody wrote. */
    unseenId(objectId: string): string;
    /** Which field of the emulator's published record names the comment an answer replies to. */
    answerParent: 'parentId' | 'replyToId';
    /**
     * The `authorName` a listed comment by `username` has: the name, or null where the network
     * names a comment's author by id only (LinkedIn's `actor` URN). Absent: the name.
     */
    authorName?(username: string): string | null;
    /**
     * How another post's id is refused as `replyToId`: 422 `reply_not_in_thread`, or 400
     * `validation_failed` where a post's id never has a comment id's shape (a LinkedIn share URN).
     */
    postIdAsReply?: { status: 400; code: 'validation_failed' };
  };
  /**
   * The attempts a post the tests publish takes when nothing fails: TikTok processes every post,
   * read once more after it was sent (the emulator's tiktokProcessingPolls). 1 when absent.
   */
  publishAttempts?: number;
  faults: {
    /**
     * A rate limit the emulator injects with `resetInSeconds: 180`: what the delivery's error
     * message says, when the network tells the service to come back (ms after the fault was set),
     * and how much later that can be from the network naming a whole unit (X: a Unix time in
     * seconds, rounded up).
     */
    rateLimit: { message: RegExp; retryAfterMs: number; roundingMs: number };
    /** The reason `account.token_expired` keeps when the network refuses the token mid-publish. */
    expiredReason: RegExp;
  };
}

const GRAPH_DEFAULT_WAIT_MS = 15 * 60_000;

/** The `options` of a post body to `network` that its fixture says every post needs (`{}` when none). */
export function requiredPostOptions(network: TestedNetwork): Record<string, Record<string, unknown>> {
  const options = NETWORK_FIXTURES[network].postOptions;
  return options ? { [network]: options } : {};
}

/** The attempts a post takes on the network when nothing fails (its fixture's publishAttempts, else 1). */
export function publishAttemptsOf(network: TestedNetwork): number {
  return NETWORK_FIXTURES[network].publishAttempts ?? 1;
}

/** The `authorName` a network lists a comment by `username` with (its fixture's, else the name). */
export function listedAuthorName(network: TestedNetwork, username: string): string | null {
  const { authorName } = NETWORK_FIXTURES[network].comments;
  return authorName ? authorName(username) : username;
}

export const NETWORK_FIXTURES: Record<TestedNetwork, NetworkFixture> = {
  facebook: {
    // A Page, linked to an Instagram account (which Facebook Login offers for Instagram).
    testUser: (id, handle) => ({ pages: [{ name: `${id} page`, instagram: { username: handle } }] }),
    comments: {
      misshapenId: '1234567890',
      unseenId: (objectId) => `${objectId.split('_')[1]}_98765`,
      answerParent: 'parentId',
    },
    // Graph's usage headers (estimated_time_to_regain_access) say when access comes back.
    faults: {
      rateLimit: { message: /\(Graph code 32\)/, retryAfterMs: 180_000, roundingMs: 0 },
      expiredReason: /Graph code 190, subcode 463/,
    },
  },
  instagram: {
    testUser: (_id, handle) => ({ instagram: { username: handle } }),
    comments: {
      misshapenId: '1234_5678',
      unseenId: () => '98765432101',
      answerParent: 'parentId',
    },
    faults: {
      rateLimit: { message: /\(Graph code 80002\)/, retryAfterMs: 180_000, roundingMs: 0 },
      expiredReason: /Graph code 190, subcode 463/,
    },
  },
  x: {
    testUser: (_id, handle) => ({ x: { username: handle } }),
    comments: {
      misshapenId: '1'.repeat(20),
      unseenId: () => '98765432101',
      answerParent: 'replyToId',
    },
    // x-rate-limit-reset says when the window opens again; a 401 on the call itself, not on a refresh.
    faults: {
      rateLimit: { message: /\(HTTP 429\)/, retryAfterMs: 180_000, roundingMs: 1_000 },
      expiredReason: /\(HTTP 401\)$/,
    },
  },
  threads: {
    testUser: (_id, handle) => ({ threads: { username: handle } }),
    comments: {
      misshapenId: '1234_5678',
      unseenId: () => '98765432101',
      answerParent: 'replyToId',
    },
    // Graph's user-level throttle (code 17) comes without usage headers: the default back-off.
    faults: {
      rateLimit: { message: /\(Graph code 17\)/, retryAfterMs: GRAPH_DEFAULT_WAIT_MS, roundingMs: 0 },
      expiredReason: /Graph code 190, subcode 463/,
    },
  },
  bluesky: {
    testUser: (id) => ({ bluesky: { handle: `${id.toLowerCase().replace(/_/g, '-')}.bsky.social` } }),
    comments: {
      misshapenId: '1234_5678',
      unseenId: (objectId) => `${objectId.slice(0, objectId.lastIndexOf('/'))}/3zzzzzzzzzzzz`,
      answerParent: 'replyToId',
      // A handle is a domain name: the emulator makes `<username>.bsky.social`, dashes for underscores.
      authorName: (username) => `${username.toLowerCase().replace(/_/g, '-')}.bsky.social`,
    },
    // ratelimit-reset is a Unix time in seconds; an expired access token is 400 ExpiredToken.
    faults: {
      rateLimit: { message: /RateLimitExceeded/, retryAfterMs: 180_000, roundingMs: 1_000 },
      expiredReason: /ExpiredToken/,
    },
  },
  linkedin: {
    // A member administering one organization; the tests connect the organization, whose posts'
    // comments and share statistics the login reads (a member's need scopes LinkedIn restricts).
    testUser: (id) => ({ linkedin: { name: id, organizations: [{ name: `${id} bakery` }] } }),
    offered: {
      count: 2,
      connect: (offered) => offered.filter((account) => account.id.startsWith('urn:li:organization:')),
    },
    comments: {
      misshapenId: '1234567890',
      unseenId: (objectId) => `urn:li:comment:(urn:li:activity:${objectId.split(':').pop()},98765)`,
      answerParent: 'parentId',
      // A comment's author is its actor's URN (urn:li:person:…); LinkedIn's answer has no name.
      authorName: () => null,
      postIdAsReply: { status: 400, code: 'validation_failed' },
    },
    // LinkedIn's limits are daily and its 429 names no time: the wait lasts until the next midnight
    // UTC (read when the test reads it, a second early, so the bounds hold the midnight between them).
    faults: {
      rateLimit: {
        message: /LinkedIn answered 429 TOO_MANY_REQUESTS/,
        get retryAfterMs() {
          const now = new Date();
          return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime() - 1_000;
        },
        roundingMs: 2_000,
      },
      expiredReason: /LinkedIn answered 401 EXPIRED_ACCESS_TOKEN/,
    },
  },
  pinterest: {
    // One board, with the seeded users' board id, so every post can name it (boardId is required).
    testUser: (id, handle) => ({
      pinterest: { username: handle, boards: [{ id: SEEDED_PINTEREST_BOARD_ID, name: `${id} board` }] },
    }),
    postOptions: { boardId: SEEDED_PINTEREST_BOARD_ID },
    // Pinterest has no comments API: its capability document says so and the comments tests skip it.
    comments: {
      misshapenId: 'not-a-comment',
      unseenId: () => '98765432101',
      answerParent: 'parentId',
    },
    // Pinterest's limits are per minute and its 429 (code 8) names no time: the next minute.
    faults: {
      rateLimit: { message: /Pinterest answered 429 \(code 8\)/, retryAfterMs: 60_000, roundingMs: 2_000 },
      expiredReason: /Pinterest answered 401 \(code 2\)/,
    },
  },
  tiktok: {
    // A public creator account: creator_info offers PUBLIC_TO_EVERYONE.
    testUser: (_id, handle) => ({ tiktok: { username: handle } }),
    // TikTok has no comments API (the capability document says so): the comment tests skip it.
    comments: {
      misshapenId: '1234_5678',
      unseenId: () => '98765432101',
      answerParent: 'parentId',
    },
    postOptions: { privacyLevel: 'PUBLIC_TO_EVERYONE' },
    publishAttempts: 2,
    // TikTok's limits are per minute and its 429 names no time: the wait is a minute from the refusal.
    faults: {
      rateLimit: { message: /TikTok answered 429 rate_limit_exceeded/, retryAfterMs: 60_000, roundingMs: 2_000 },
      expiredReason: /TikTok answered 401 access_token_invalid/,
    },
  },
  youtube: {
    testUser: (id, handle) => ({ youtube: { title: id, handle } }),
    // YouTube publishes no video without a title and an audience declaration.
    postOptions: { title: 'A video', madeForKids: false },
    comments: {
      misshapenId: 'not a comment!',
      unseenId: () => 'UgzUnseenComment0000004AaABAg',
      answerParent: 'parentId',
    },
    // YouTube's quota is the project's per day: a spent one (403 quotaExceeded) waits until midnight
    // Pacific (read when the test reads it, a second early, so the bounds hold the midnight between them).
    faults: {
      rateLimit: {
        message: /YouTube answered 403 quotaExceeded/,
        get retryAfterMs() {
          const now = Date.now();
          return youTubeQuotaDay(now).endsAt - now - 1_000;
        },
        roundingMs: 2_000,
      },
      expiredReason: /YouTube answered 401 authError/,
    },
  },
};
