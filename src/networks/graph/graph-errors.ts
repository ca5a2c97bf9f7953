import { NetworkResponse } from '../http/network-http.client';
import { NetworkError, NetworkErrorKind } from '../network-error';
import { isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { graphRetryAt } from './graph-usage';
import { safeNetworkMessage } from '../safe-network-message';

/** The Graph error envelope `{"error":{message,type,code,error_subcode,is_transient,…}}`, read defensively. */
export interface GraphErrorFields {
  message: string;
  code?: number;
  subcode?: number;
  /** Instagram's own hint that a retry may succeed. */
  isTransient: boolean;
}

/**
 * Meta's error table (developers.facebook.com/docs/graph-api/guides/error-handling): 341
 * "Application limit reached" is throttling, to wait out like the other rate limits.
 */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613, 80001, 80002]);
/** 368 "Temporarily blocked for policies violations": Meta's advice is to wait and retry. */
const TRANSIENT_CODES = new Set([1, 2, 368]);
/** 102 "API Session": the login status or access token expired, was revoked or is invalid. */
const SESSION_CODE = 102;
const TOKEN_SUBCODES = new Set([458, 460, 463, 467]);
/**
 * Instagram subcodes whose remedy is a new container (developers.facebook.com/documentation/
 * instagram-platform/instagram-graph-api/reference/error-codes): 2207020 "the media you are trying
 * to access has expired" and 2207053 "unknown upload error", each "generate a new container and use
 * it to try again". A retry with the same container fails the same way.
 */
const INSTAGRAM_NEW_CONTAINER_SUBCODES = new Set([2207020, 2207053]);
/** Instagram publishing subcodes that a later retry (same or new container) can get past. */
const INSTAGRAM_TRANSIENT_SUBCODES = new Set([2207001, 2207003, 2207032, 2207027, ...INSTAGRAM_NEW_CONTAINER_SUBCODES]);
const INSTAGRAM_RATE_LIMIT_SUBCODE = 2207042;
/**
 * A medium the network could not fetch from its URL: Instagram's 2207052 "Media download has failed"
 * (its error-codes reference) and Facebook's 324 "Missing or invalid image file" (Page photos
 * reference). Both are final: the same URL fails the same way.
 */
const INSTAGRAM_MEDIA_DOWNLOAD_SUBCODE = 2207052;
const FACEBOOK_INVALID_IMAGE_CODE = 324;

export function isMediaDownloadFailure(error: Pick<GraphErrorFields, 'code' | 'subcode'>): boolean {
  return error.subcode === INSTAGRAM_MEDIA_DOWNLOAD_SUBCODE || error.code === FACEBOOK_INVALID_IMAGE_CODE;
}

/** Instagram's media-not-ready code (subcode 2207027): publish again once the container is FINISHED. */
const INSTAGRAM_NOT_READY_CODE = 9007;

/** Graph's permission errors: 10 and the 200–299 range (Meta's error-handling guide). */
function isPermissionCode(code: number | undefined): boolean {
  return code === 10 || (code !== undefined && code >= 200 && code <= 299);
}

/** Whether an Instagram error asks for a new container: the one it names is not to be used again. */
export function needsNewInstagramContainer(error: unknown): boolean {
  return (
    error instanceof NetworkError &&
    error.details.subcode !== undefined &&
    INSTAGRAM_NEW_CONTAINER_SUBCODES.has(error.details.subcode)
  );
}

function isInstagramSubcode(subcode: number | undefined): subcode is number {
  return subcode !== undefined && subcode >= 2207000 && subcode < 2208000;
}

/** The kind of a Graph error by its code and subcode; the HTTP status decides only for codes we do not know. */
export function graphErrorKind(error: GraphErrorFields, status: number): NetworkErrorKind {
  const { code, subcode } = error;
  if (code === 190 || code === SESSION_CODE || (subcode !== undefined && TOKEN_SUBCODES.has(subcode)))
    return 'auth_expired';
  if (subcode === INSTAGRAM_RATE_LIMIT_SUBCODE) return 'rate_limited';
  if (subcode !== undefined && INSTAGRAM_TRANSIENT_SUBCODES.has(subcode)) return 'transient';
  // Every other Instagram publishing subcode (bad media, expired container, restriction) is final.
  if (isInstagramSubcode(subcode)) return 'permanent';
  if (code !== undefined && RATE_LIMIT_CODES.has(code)) return 'rate_limited';
  if (code !== undefined && TRANSIENT_CODES.has(code)) return 'transient';
  if (code === INSTAGRAM_NOT_READY_CODE) return 'transient';
  if (error.isTransient) return 'transient';
  // 10 and 200–299 permission, 506 duplicate post, 100 invalid parameter.
  if (isPermissionCode(code)) return 'permanent';
  if (code === 506 || code === 100) return 'permanent';
  return status >= 500 ? 'transient' : 'permanent';
}

export function graphErrorFields(body: unknown): GraphErrorFields | undefined {
  if (!isRecord(body)) return undefined;
  const error = recordField(body, 'error');
  if (!error) return undefined;
  return {
    message: stringField(error, 'message') ?? stringField(error, 'type') ?? 'Graph API error',
    code: numberField(error, 'code'),
    subcode: numberField(error, 'error_subcode'),
    isTransient: error['is_transient'] === true,
  };
}

/** Instagram Login's token endpoints answer `{"error_type","code","error_message"}` instead of the Graph envelope. */
function instagramTokenError(network: string, body: JsonRecord, status: number): NetworkError | undefined {
  const type = stringField(body, 'error_type');
  const message = stringField(body, 'error_message');
  if (type === undefined && message === undefined) return undefined;
  const code = numberField(body, 'code');
  const text = safeNetworkMessage(message ?? type ?? 'Instagram token error');
  // A refused code or bad client is final for this login; only a dead access token is an auth problem.
  const authExpired = code === 190 || /access token|session has expired|has been revoked/i.test(message ?? '');
  const kind: NetworkErrorKind = authExpired ? 'auth_expired' : status >= 500 ? 'transient' : 'permanent';
  return new NetworkError(network, kind, `${text} (${type ?? 'error'}${code !== undefined ? ` ${code}` : ''})`, {
    status,
    code: code ?? type,
  });
}

function describeCode(error: GraphErrorFields): string {
  if (error.code === undefined) return '';
  return ` (Graph code ${error.code}${error.subcode !== undefined ? `, subcode ${error.subcode}` : ''})`;
}

/**
 * The NetworkError for a Graph answer (graph.facebook.com, graph.instagram.com and Instagram's token
 * endpoint), or undefined when the answer is a success. Pure: `now` anchors any retry time.
 */
export function graphResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const { status, body } = response;
  const error = graphErrorFields(body);
  if (error) {
    const kind = graphErrorKind(error, status);
    const retryAt = kind === 'rate_limited' ? graphRetryAt(response.headers, now) : undefined;
    return new NetworkError(network, kind, `${safeNetworkMessage(error.message)}${describeCode(error)}`, {
      status,
      code: error.code,
      subcode: error.subcode,
      ...(retryAt ? { retryAt } : {}),
      ...(isPermissionCode(error.code) ? { permissionDenied: true } : {}),
      ...(isMediaDownloadFailure(error) ? { mediaUnavailable: true } : {}),
    });
  }
  if (status >= 200 && status < 300) return undefined;
  const tokenError = isRecord(body) ? instagramTokenError(network, body, status) : undefined;
  if (tokenError) return tokenError;
  if (status === 429) {
    return new NetworkError(network, 'rate_limited', `HTTP 429 without a Graph error`, {
      status,
      retryAt: graphRetryAt(response.headers, now),
    });
  }
  const kind: NetworkErrorKind = status >= 500 ? 'transient' : 'permanent';
  return new NetworkError(network, kind, `HTTP ${status} without a Graph error`, { status });
}
