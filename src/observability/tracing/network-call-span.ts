import { Span, SpanKind } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
} from '@opentelemetry/semantic-conventions';
import { currentNetworkOperation } from '../network-operation-scope';
import { failSpan, inSpan } from './spans';

/** A path segment kept as it is: a word (an edge, a method, an API's name, `oauth2`), never a value. */
const WORD = /^[A-Za-z][A-Za-z_.-]{0,31}\d{0,2}$/;
/** A word that is one of our ids (`wld_…`, `med_…`): a prefix, then random characters. */
const PREFIXED_ID = /_[A-Za-z0-9]{12,}/;
/** An API version in the path (`v25.0`, X's `2`). */
const VERSION = /^(v\d+(\.\d+)*|\d{1,3})$/;

/**
 * The URL's path as a template (the semantic conventions' `url.template`): words and versions kept,
 * everything else (an account's, a post's, a medium's id, a DID, a URN) replaced by `{id}`. The
 * query is left out whole: it is where tokens and app secret proofs travel.
 */
export function urlTemplate(url: URL): string {
  return url.pathname
    .split('/')
    .map((segment) =>
      segment === '' || VERSION.test(segment) || (WORD.test(segment) && !PREFIXED_ID.test(segment)) ? segment : '{id}',
    )
    .join('/');
}

export interface NetworkCall {
  method: string;
  url: string;
}

/**
 * A client span around one request to a network (NetworkHttpClient.send): named `METHOD
 * url-template`, with the network (`sps.network`), the operation it was made for (`sps.operation`,
 * from withNetworkOperation's scope), the host and the path template, and the answer's status. An
 * error status marks it failed (`error.type` the status), as does no answer at all (the error's
 * type). Never the query, a header, a token or a body.
 */
export function networkCallSpan<T extends { status: number }>(
  network: string,
  call: NetworkCall,
  send: () => Promise<T>,
): Promise<T> {
  return inSpan(
    () => {
      const url = new URL(call.url);
      const template = urlTemplate(url);
      return {
        name: `${call.method} ${template}`,
        kind: SpanKind.CLIENT,
        attributes: {
          'sps.network': network,
          'sps.operation': currentNetworkOperation(),
          [ATTR_HTTP_REQUEST_METHOD]: call.method,
          [ATTR_SERVER_ADDRESS]: url.hostname,
          'url.template': template,
        },
      };
    },
    async (span: Span) => {
      const answer = await send();
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, answer.status);
      if (answer.status >= 400) failSpan(span, String(answer.status));
      return answer;
    },
  );
}
