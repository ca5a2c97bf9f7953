import { PermissionNeeds } from './account-permissions';
import type { NetworkCapabilities } from './capabilities/network-capabilities';
import { ContentRule } from './content-rule';
import { MetricsAdapter } from './metrics/metric-reading';
import { NetworkIdentity } from './network-identity';
import type { NetworkPostOptions, PostOptionsRules } from './post-options';
import type { TextEditing } from './post-edits';
import type { MediaBytes, MediaKind, NetworkMediaLimits } from '../media';
import type { AccountTokens, AppCredentials, AppOption } from './network-credentials';

/**
 * The contract every social network implements. A network is one folder under src/networks/ with an
 * adapter implementing this interface; nothing outside that folder names the network.
 *
 * Adapters are stateless: every call receives the credentials it needs, and protocol clients are
 * built per call, so no tenant's state ever lives on a shared instance.
 */

// The credentials a call is made with live in network-credentials.ts, so that the metric and
// comment contracts can use them without importing this file (which imports theirs).
export { APP_OPTIONS } from './network-credentials';
export type { AccountTokens, AppCredentials, AppLoginOptions, AppOption } from './network-credentials';

export interface AuthorizeRequest {
  /** Random, single-use; the network sends it back to the callback. */
  state: string;
  /** PKCE S256 challenge. Networks without PKCE ignore it. */
  codeChallenge: string;
  /** The service's own callback URL for this network (registered in the network app). */
  callbackUrl: string;
  app: AppCredentials;
  /**
   * A random secret of this attempt, kept sealed by the service until the callback (never sent
   * anywhere): what a network that binds its tokens to a key derives the attempt's key from
   * (atproto OAuth's DPoP key), so the callback has the same key. Networks without ignore it
   * (the service always sets it).
   */
  attemptSecret?: string;
  /** The account the caller says the user will connect (auth-url `login_hint`), for a network that can start from it. */
  loginHint?: string;
}

/** A consent URL with what the adapter keeps of the attempt until its callback (sealed by the service). */
export interface AuthorizeStart {
  url: string;
  /** Handed back as CodeExchangeRequest.adapterState (atproto: the authorization server asked). */
  keep?: string;
}

export interface CodeExchangeRequest {
  code: string;
  codeVerifier: string;
  callbackUrl: string;
  app: AppCredentials;
  /** The attempt's secret, as authorizeUrl had it ('' for an attempt older than attempt secrets). */
  attemptSecret?: string;
  /** The callback's other parameters the network sent (atproto: `iss`, RFC 9207), for an adapter that checks them. */
  callbackParams?: Readonly<Record<string, string>>;
  /** What authorizeUrl kept (AuthorizeStart.keep); undefined when it kept nothing. */
  adapterState?: string;
}

/** What the user granted at the end of the OAuth dance: a user-level token, long-lived where possible. */
export interface UserGrant {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
  scopes: string[];
  /** The network's id of the user, when the exchange returns it. */
  userId?: string;
  /** What the tokens are bound to (AccountTokens.tokenBinding), where the network binds them. */
  tokenBinding?: string;
}

/**
 * What a network tells of an account that changes what it may publish (X: its subscription, which
 * decides how long its posts may be), as the adapter reads and stores it (plain JSON, stored on the
 * account); {} when nothing is known. Only the account's own adapter reads its fields.
 */
export type AccountTraits = Readonly<Record<string, string | number | boolean>>;

/** A page or profile the user may connect, with the tokens that will publish as it. */
export interface SelectableAccount {
  /** The account's id on the network (page id, Instagram user id, X user id). */
  id: string;
  name: string;
  username: string;
  pictureUrl: string | null;
  /** What kind of account this is on its network, e.g. `page`, `instagram_business`, `profile`. */
  type: string;
  tokens: AccountTokens;
  scopes: string[];
  /**
   * The network user the account is reached through, when revoking works per user (Facebook
   * Login: one user, many Pages); undefined when each account is its own login.
   */
  ownerId?: string;
  /** What the network tells of the account that changes what it may publish; none where the network has nothing. */
  traits?: AccountTraits;
}

/** What a user types on the service's sign-in page for a network with app passwords. */
export interface PasswordCredentials {
  identifier: string;
  password: string;
}

/** The service's sign-in page for a network with app passwords, in the network's own words. */
export interface PasswordSignIn {
  /** The identifier's label and an example ("Handle", "alice.bsky.social"). */
  readonly identifierLabel: string;
  readonly identifierExample: string;
  /** The password's label ("App password") and where the user creates one. */
  readonly passwordLabel: string;
  readonly passwordHelpUrl: string;
  /**
   * Signs in: the user grant, as a code exchange would give it. Throws NetworkError: `permanent`
   * when the network refuses the identifier or password, `transient` or `rate_limited` when it
   * cannot answer now.
   */
  signIn(credentials: PasswordCredentials, app: AppCredentials): Promise<UserGrant>;
}

/** An adapter is named by its folder's identity (`<id>.identity.ts`). */
export interface NetworkAdapter extends PublishingAdapter, MetricsAdapter, NetworkIdentity {
  /** True when this process talks to the built-in emulator instead of the real network. */
  readonly emulated: boolean;
  /** Service-wide app credentials from the environment, if configured. */
  readonly serviceApp: AppCredentials | undefined;
  /** The app settings this network knows (a customer's own app may set only these); none when absent. */
  readonly appOptions?: readonly AppOption[];

  /**
   * The network's consent page for this attempt; asynchronous where getting it takes a call to the
   * network first (atproto OAuth's pushed authorization request). Never asked of a network with
   * `passwordSignIn` unless `consentConfigured` says the consent page is set up.
   */
  authorizeUrl(request: AuthorizeRequest): string | AuthorizeStart | Promise<string | AuthorizeStart>;
  /** Exchanges the callback's code for a user grant, made long-lived where the network allows. */
  exchangeCode(request: CodeExchangeRequest): Promise<UserGrant>;
  /**
   * Present on a network whose users give an app a password the network issues for it (Bluesky's
   * app passwords) instead of consenting on the network's page: auth-url then sends the user to
   * the service's own sign-in page, which asks for it and signs in here.
   */
  readonly passwordSignIn?: PasswordSignIn;
  /**
   * For a network with `passwordSignIn` that also has a consent page once the deployment sets it
   * up (Bluesky: atproto OAuth, with the service's client key): true when auth-url should send users
   * to the consent page for `app`, the sign-in page then staying the alternative
   * (`password_sign_in_url`). Absent: the sign-in page is the only way.
   */
  consentConfigured?(app: AppCredentials): boolean;
  /**
   * A document the network reads from the service itself, served publicly at
   * `${PUBLIC_URL}/oauth/<network>/<name>` (atproto OAuth: `client-metadata.json`, the client id,
   * and `jwks.json`, the client's public key); undefined for a name it does not publish.
   */
  publishedDocument?(name: string): Record<string, unknown> | undefined;
  /** The pages or profiles the user may connect with this grant. */
  listSelectable(grant: UserGrant, app: AppCredentials): Promise<SelectableAccount[]>;
  /**
   * `account`: revoke ends only this account's login. `owner`: it ends the login of the network
   * user behind the account (ownerId), so the service revokes only when no other account of that
   * user is still connected.
   */
  readonly revokeScope: 'account' | 'owner';
  /** The permissions each feature needs on this network (checked against what the account was granted). */
  readonly permissionNeeds: PermissionNeeds;
  /** How long before its expiry an account's token is refreshed (X: 15 minutes; Graph: 7 days). */
  readonly refreshAheadMs: number;
  /**
   * New tokens for an account whose token is about to expire, or undefined when the network has no
   * refresh grant (Facebook: the user must log in again). Refresh tokens may rotate: the returned
   * set replaces the stored one. Throws NetworkError (auth_expired when the network refuses).
   */
  refresh(tokens: AccountTokens, app: AppCredentials): Promise<AccountTokens | undefined>;
  /**
   * The permissions the network grants the account now, where it can tell (Facebook Login's
   * `GET /me/permissions`); undefined where it cannot. Throws NetworkError.
   */
  grantedPermissions?(tokens: AccountTokens, app: AppCredentials): Promise<string[] | undefined>;
  /**
   * The account's traits as the network tells them now (X: `GET /2/users/me` `subscription_type`),
   * read again after each token refresh; absent on a network whose accounts have none. Throws
   * NetworkError (the caller keeps the traits it had).
   */
  accountTraits?(tokens: AccountTokens, app: AppCredentials): Promise<AccountTraits>;
  /** Revokes the connection at the network. Throws NetworkError when the network refuses. */
  revoke(tokens: AccountTokens, app: AppCredentials): Promise<void>;
  /** Comments under published objects, where the network has them. */
  readonly comments?: CommentingAdapter;
  /**
   * The places on the account a post must name one of (Pinterest's boards and their sections),
   * for a client to pick from (`GET /api/v1/social-accounts/:id/boards`); absent where a post
   * goes to the account itself.
   */
  readonly destinations?: DestinationsAdapter;
}

// ---- Publishing -----------------------------------------------------------------------------

// The media module owns what a medium is; adapters receive media in these shapes.
export type { MediaBytes, MediaKind };

export interface PostMedia {
  /** Where the network (or the worker) fetches it: the customer's URL, or a signed URL of the service. */
  url: string;
  kind: MediaKind;
  /** A description for people who cannot see it (`media[].altText`), sent where the network takes one. */
  altText?: string;
  /**
   * An uploaded video's duration, in milliseconds, when the service measured it (a URL's file is
   * measured by whoever fetches it): for the rules of a placement with its own bounds (a Facebook reel).
   */
  durationMs?: number;
  /**
   * Set for media uploaded to the service: opens its bytes from the service's storage, for an
   * adapter that uploads bytes itself (X, a Facebook video) instead of downloading `url`.
   */
  openStored?: () => MediaBytes;
}

/** One container of a post: containers[0] is the post, the rest its thread (X replies, Graph comments). */
export interface PostPart {
  text: string;
  media: PostMedia[];
}

/**
 * A content rule a network would refuse the post for; `field` is a path in the request body. A
 * problem whose rule is one of CONTENT_WARNINGS (e.g. alt text the network cannot take) is a
 * warning instead: POST /posts/validate lists it under `warnings`, and it never refuses the post.
 */
export interface ContentProblem {
  field: string;
  /** Which rule, by a stable name; the message says it for people. */
  rule: ContentRule;
  message: string;
}

/**
 * The adapter's own record of how far a delivery got, persisted on the delivery between attempts
 * (plain JSON). It lets a retry continue instead of starting over: e.g. the Instagram container
 * ids, the X media ids, the ids of the thread parts already posted.
 */
export type PublishProgress = Record<string, unknown>;

export interface PublishRequest {
  /** The account's id on the network (page id, Instagram user id, X user id). */
  networkAccountId: string;
  /** The account's handle, for permalinks. */
  username: string;
  tokens: AccountTokens;
  app: AppCredentials;
  parts: PostPart[];
  /** The network's options for this account's post, as accepted (checked by the adapter's postOptions); absent when none. */
  options?: NetworkPostOptions;
  progress: PublishProgress;
  /**
   * True when an earlier attempt was cut off between calling the network and recording the
   * outcome: before posting again, the adapter looks on the network for what it may already have
   * posted (recent posts with the same text) and continues from there, so nothing goes out twice.
   */
  resuming: boolean;
  /**
   * Saves progress right after each step the network confirmed, before the next one is sent, so
   * that a crash loses at most the step in flight.
   */
  checkpoint(progress: PublishProgress): Promise<void>;
}

export type PublishOutcome =
  | {
      kind: 'published';
      platformPostId: string;
      permalink: string | null;
      /** What to keep of the progress for later (an X thread's tweet ids, for unpublishing); kept as it was when absent. */
      progress?: PublishProgress;
    }
  /** Not finished yet (a container or video still processing): call publish again at `at` with `progress`. */
  | { kind: 'poll'; at: Date; progress: PublishProgress };

/** Takes a published delivery down: `platformPostId` is what publish returned. */
export interface UnpublishRequest {
  networkAccountId: string;
  tokens: AccountTokens;
  app: AppCredentials;
  platformPostId: string;
  /** What publishing recorded for the delivery (on X, a thread's tweet ids, each of which is removed). */
  progress: PublishProgress;
}

/** The publishing part of the contract; every network adapter implements it too. */
export interface PublishingAdapter {
  /**
   * The network's content rules (length, media count and kinds) for the parts as they will be
   * published with these options (absent or `{}` when none; e.g. Instagram's `placement` decides what a
   * story may hold); an empty list means acceptable. Warnings (CONTENT_WARNINGS) come back too.
   */
  validate(parts: PostPart[], options?: NetworkPostOptions): ContentProblem[];
  /**
   * The content rules that depend on the account (X: a long post needs a subscription that allows
   * it), for the parts one account publishes, with the traits stored for it ({} when none);
   * `validate` has checked the parts already, so only what differs by account is named here.
   * Absent where nothing does.
   */
  accountContentProblems?(parts: PostPart[], traits: AccountTraits): ContentProblem[];
  /**
   * What `validate` (and the posts' upload limits) take, stated from the same constants and
   * tables the rules check: the capability document publishes it (capabilities/network-capabilities.ts).
   */
  readonly capabilities: NetworkCapabilities;
  /**
   * What the network takes of an uploaded medium (size per kind, a video's duration, per
   * placement): the posts' media check reads it, and the capability document states it (uploadLimits).
   */
  readonly mediaLimits: NetworkMediaLimits;
  /** The options the network takes (`options.<network>`); a network without them refuses any option. */
  readonly postOptions?: PostOptionsRules;
  /** Publishes (or continues publishing) a delivery. Throws NetworkError, classified. */
  publish(request: PublishRequest): Promise<PublishOutcome>;
  /**
   * Deletes a published post from the network; absent on a network whose API cannot delete at all.
   * Idempotent: a post the network no longer has counts as deleted and resolves. Throws
   * NetworkError, classified.
   */
  unpublish?(request: UnpublishRequest): Promise<void>;
  /**
   * Whether `unpublish` can delete the posts of the accounts this adapter connects: false where
   * only another login of the network can (Instagram deletes through Facebook Login only). The
   * login is the deployment's setting, the same for every account of the network. Absent: true
   * whenever `unpublish` exists.
   */
  readonly canUnpublish?: boolean;
  /**
   * Edits a published post's text (Facebook, LinkedIn, X within its window); absent on a network
   * whose posts are immutable through its API (post-edits.ts).
   */
  readonly textEdits?: TextEditing;
}

/** Whether the adapter deletes posts of its accounts; when not, unpublishing answers unpublish_not_supported. */
export function deletesPosts(
  adapter: PublishingAdapter | undefined,
): adapter is PublishingAdapter & Required<Pick<PublishingAdapter, 'unpublish'>> {
  return adapter?.unpublish !== undefined && adapter.canUnpublish !== false;
}

// ---- Destinations ---------------------------------------------------------------------------

/** A place on the account a post may go (a board), with the places inside it (its sections). */
export interface PublishDestination {
  id: string;
  name: string;
  /** Who sees what is posted there, in the network's words (a board's PUBLIC, SECRET, PROTECTED); null where it says nothing. */
  privacy: string | null;
  children: PublishDestination[];
}

export interface DestinationsCall {
  networkAccountId: string;
  tokens: AccountTokens;
  app: AppCredentials;
}

/** The places on an account a post names in its options, read from the network. */
export interface DestinationsAdapter {
  /** The option of `options.<network>` a destination's id goes in, and a child's (null: no children). */
  readonly option: string;
  readonly childOption: string | null;
  /** Every destination of the account, with its children. Throws NetworkError. */
  list(call: DestinationsCall): Promise<PublishDestination[]>;
}

// ---- Comments -------------------------------------------------------------------------------

/** Who a comments call acts as, and on which published object (a post, a medium, a tweet). */
export interface CommentsCall {
  /** The account's id on the network. */
  networkAccountId: string;
  /** The account's handle (Instagram comments name their author by username). */
  username: string;
  tokens: AccountTokens;
  app: AppCredentials;
  /** The network's id of the published delivery (its platformPostId). */
  objectId: string;
}

/** One comment (Graph) or reply in the conversation (X), as the network reports it. */
export interface NetworkComment {
  id: string;
  text: string;
  /** The author's id on the network, when it says. */
  authorId: string | null;
  /** The author's name or handle, when the network says. */
  authorName: string | null;
  /** ISO 8601. */
  createdAt: string;
  /** The comment or reply this one answers, when it is not directly under the post. */
  replyToId: string | null;
  /** Written by the connected account itself. */
  own: boolean;
}

export interface CommentPage {
  /** Newest first. */
  comments: NetworkComment[];
  /** The network's cursor to the next (older) page; undefined on the last one. */
  next: string | undefined;
}

export interface CommentAnswer extends CommentsCall {
  text: string;
  /** The comment answered; undefined answers the post itself. */
  replyToId: string | undefined;
  /**
   * An earlier attempt may have reached the network: before posting, the adapter looks among the
   * comments for this answer (same text, by the account, under the same parent) and adopts it.
   */
  resuming: boolean;
}

/** Reading and answering the comments under published objects; networks without comments leave it out. */
export interface CommentingAdapter {
  /**
   * The shape of the network's comment ids (what `replyToId` may be), checked before an answer is
   * queued, and said in words for the refusal.
   */
  commentId: { pattern: RegExp; words: string };
  /** One page of comments, newest first. Throws NetworkError. */
  listComments(call: CommentsCall, page: { limit: number; cursor: string | undefined }): Promise<CommentPage>;
  /** Posts the answer as the account (or finds it when resuming); the network's id of it. Throws NetworkError. */
  answer(request: CommentAnswer): Promise<string>;
}
