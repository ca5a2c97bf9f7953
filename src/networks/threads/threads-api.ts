import { graphResponseError } from '../graph/graph-errors';
import { NetworkApi } from '../http/network-api';
import { NetworkHttpClient, NetworkResponse } from '../http/network-http.client';
import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { NetworkError } from '../network-error';

/**
 * Publishing a container that is not ready: code 24, subcode 4279009 "Media Not Found" (what
 * integrators report and Meta answered in fbsamples/threads_api #70). The container may still
 * become FINISHED, so it is read again rather than given up.
 */
export const THREADS_NOT_READY = { code: 24, subcode: 4279009 } as const;

/**
 * graph.threads.net answers in Graph's error envelope, so Graph's table classifies it; Threads adds
 * the not-ready error, which is not final.
 */
export function threadsResponseError(network: string, response: NetworkResponse, now: Date): NetworkError | undefined {
  const error = graphResponseError(network, response, now);
  if (error && isNotReady(error)) return new NetworkError(network, 'transient', error.message, error.details);
  return error;
}

export function isNotReady(error: unknown): boolean {
  return (
    error instanceof NetworkError &&
    error.details.code === THREADS_NOT_READY.code &&
    error.details.subcode === THREADS_NOT_READY.subcode
  );
}

/** An object Threads no longer has: Graph's code 100, subcode 33 ("does not exist"). */
export function isGone(error: unknown): boolean {
  return error instanceof NetworkError && error.details.code === 100 && error.details.subcode === 33;
}

/**
 * graph.threads.net as seen by one call. Tokens travel in the form body of a POST and the query of
 * a GET or DELETE, as Meta's collection sends them.
 */
export class ThreadsApi extends NetworkApi {
  constructor(http: NetworkHttpClient, network: string, baseUrl: string) {
    super(http, network, baseUrl, threadsResponseError);
  }

  async read(path: string, accessToken: string, query: Record<string, string>): Promise<JsonRecord> {
    const body = await this.send({
      method: 'GET',
      url: this.url(path),
      query: { ...query, access_token: accessToken },
    });
    if (!isRecord(body)) throw this.unexpected(`GET ${path} answered without an object`);
    return body;
  }

  async post(path: string, accessToken: string, form: Record<string, string | undefined>): Promise<JsonRecord> {
    const body = await this.send({ method: 'POST', url: this.url(path), form: { ...form, access_token: accessToken } });
    if (!isRecord(body)) throw this.unexpected(`POST ${path} answered without an object`);
    return body;
  }

  async remove(path: string, accessToken: string): Promise<JsonRecord> {
    const body = await this.send({ method: 'DELETE', url: this.url(path), query: { access_token: accessToken } });
    if (!isRecord(body)) throw this.unexpected(`DELETE ${path} answered without an object`);
    return body;
  }

  /** The entries of a list's page (`{"data":[…]}`) and the cursor after it. */
  async list(path: string, accessToken: string, query: Record<string, string>): Promise<ThreadsListPage> {
    const body = await this.read(path, accessToken, query);
    const data = arrayField(body, 'data');
    if (!data) throw this.unexpected(`no data in GET ${path}`);
    const cursors = recordField(recordField(body, 'paging') ?? {}, 'cursors');
    return { entries: data.filter(isRecord), after: cursors ? stringField(cursors, 'after') : undefined };
  }

  /** The id a creating call answered with. */
  createdId(body: JsonRecord, what: string): string {
    const id = stringField(body, 'id');
    if (!id) throw this.unexpected(`no id in the answer to ${what}`);
    return id;
  }
}

export interface ThreadsListPage {
  entries: JsonRecord[];
  /**
   * The `after` cursor of the page. Threads gives cursors only, no `next` link ("use the before and
   * after cursors to construct … query strings manually"), so a full page is how more is told.
   */
  after: string | undefined;
}

/** `/{id}` with the id encoded, so that an id from storage cannot change the path. */
export function threadsNode(id: string, edge?: string): string {
  return `/${encodeURIComponent(id)}${edge ? `/${edge}` : ''}`;
}
