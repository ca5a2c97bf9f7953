import { GraphError } from './graph-error';
import { graphUsageHeaders } from './usage-headers';

/** The Graph errors the emulator answers, with the codes and wording the real API uses. */
export const graphErrors = {
  missingToken: () => new GraphError({ code: 104, message: 'An access token is required to request this resource.' }),
  unparsableToken: () =>
    new GraphError({ code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }),
  tokenExpired: (expiredAt: number, now: number) =>
    new GraphError({
      code: 190,
      subcode: 463,
      message: `Error validating access token: Session has expired on ${new Date(expiredAt).toUTCString()}. The current time is ${new Date(now).toUTCString()}.`,
    }),
  appRemoved: (clientId: string) =>
    new GraphError({
      code: 190,
      subcode: 458,
      message: `Error validating access token: The user has not authorized application ${clientId}.`,
    }),
  sessionInvalidated: (subcode: number) =>
    new GraphError({
      code: 190,
      subcode,
      message:
        subcode === 460
          ? 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.'
          : 'Error validating access token: The session is invalid because the user logged out.',
    }),
  invalidParameter: (message: string, subcode?: number) =>
    new GraphError({ code: 100, subcode, message: `(#100) ${message}` }),
  /** An object Graph does not have, or one that does not support the request's method (`get`, `post`, `delete`). */
  unknownObject: (id: string, method: 'get' | 'post' | 'delete' = 'get') =>
    new GraphError({
      code: 100,
      subcode: 33,
      type: 'GraphMethodException',
      message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    }),
  unknownField: (field: string, nodeType: string) =>
    new GraphError({
      code: 100,
      message: `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
    }),
  // "Require App Secret" on and no proof; a proof that is not the token's HMAC under the app's secret.
  // Both are GraphMethodException code 100 at HTTP 400, as Graph answers them.
  appSecretProofRequired: () =>
    new GraphError({
      code: 100,
      type: 'GraphMethodException',
      message: 'API calls from the server require an appsecret_proof argument',
    }),
  invalidAppSecretProof: () =>
    new GraphError({
      code: 100,
      type: 'GraphMethodException',
      message: 'Invalid appsecret_proof provided in the API argument',
    }),
  unknownPath: (path: string) => new GraphError({ code: 2500, message: `Unknown path components: ${path}` }),
  permission: (code: 10 | 200, message: string) =>
    new GraphError({ code, status: 403, message: `(#${code}) ${message}` }),
  pagesRateLimited: (pageId: string, resetAt: number, now: number) =>
    new GraphError({
      code: 32,
      message: 'Page request limit reached',
      headers: graphUsageHeaders({
        exhausted: true,
        buc: { id: pageId, type: 'pages', regainMinutes: minutesUntil(resetAt, now) },
      }),
    }),
  instagramRateLimited: (igUserId: string, resetAt: number, now: number) =>
    new GraphError(
      {
        code: 80002,
        message: 'There have been too many calls to this Instagram account. Wait a bit and try again.',
        isTransient: true,
        headers: graphUsageHeaders({
          exhausted: true,
          buc: { id: igUserId, type: 'instagram', regainMinutes: minutesUntil(resetAt, now) },
        }),
      },
      true,
    ),
  /** Code 17, Graph's user-level throttle, without usage headers (Threads). */
  userRequestLimit: () =>
    new GraphError({ code: 17, message: '(#17) User request limit reached', isTransient: true, status: 400 }),
  duplicate: () =>
    new GraphError({
      code: 506,
      subcode: 1455006,
      message: 'Duplicate status message',
      userTitle: 'Duplicate Status Update',
      userMessage:
        'This status update is identical to the last one you posted. Try posting something different, or delete your previous update.',
    }),
  /** Code 102, "API Session" in Meta's error table: the login or token is no longer valid. */
  sessionInvalid: () => new GraphError({ code: 102, message: 'Session key invalid or no longer valid' }),
  /**
   * Code 4, the app-level throttle (developers.facebook.com/docs/graph-api/overview/rate-limiting):
   * what a test world's emulator answers a caller it throttles (docs/emulator.md).
   */
  appRequestLimitReached: () =>
    new GraphError({
      code: 4,
      message: '(#4) Application request limit reached',
      isTransient: true,
      headers: graphUsageHeaders({ exhausted: true }),
    }),
  /** Code 341, "Application limit reached" in Meta's error table. */
  appLimitReached: () => new GraphError({ code: 341, message: '(#341) Application limit reached' }),
  /** Code 368, "Temporarily blocked for policies violations" in Meta's error table. */
  policyBlock: () =>
    new GraphError({
      code: 368,
      message: 'The action attempted has been deemed abusive or is otherwise disallowed',
    }),
  /**
   * Instagram's container error for media it could not download (code 9004, subcode 2207052 in
   * developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/error-codes).
   */
  mediaDownloadFailed: (detail: string) =>
    new GraphError(
      {
        code: 9004,
        subcode: 2207052,
        message: "Media download has failed. The media URI doesn't meet our requirements.",
        userTitle: 'Media download has failed',
        userMessage: `The media could not be fetched from this URI: ${detail}`,
      },
      true,
    ),
  /**
   * A Page photo whose `url` gives no image: code 324 "Missing or invalid image file"
   * (developers.facebook.com/docs/graph-api/reference/page/photos/, errors of Creating).
   */
  invalidImageFile: () => new GraphError({ code: 324, message: '(#324) Missing or invalid image file' }),
  /** Instagram's 2207053 (code -1), whose remedy is a new container. */
  unknownUploadError: () =>
    new GraphError(
      { code: -1, subcode: 2207053, message: 'An unknown error occurred', userMessage: 'unknown upload error' },
      true,
    ),
  transient: () =>
    new GraphError({
      code: 2,
      status: 500,
      isTransient: true,
      message: 'An unexpected error has occurred. Please retry your request later.',
    }),
  /** A request the emulator could not route or read (unknown path, unreadable body), or its own failure. */
  unroutable: (status: number, message: string) => {
    const transient = status >= 500;
    return new GraphError({
      code: transient ? 2 : status === 404 ? 2500 : 100,
      status: transient ? 500 : 400,
      isTransient: transient,
      message,
    });
  },
};

function minutesUntil(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 60_000));
}
