import { ThreadsContract } from '../../contracts';
import type { ThreadsViolation } from '../../contracts';
import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { NetworkRequest } from '../http/network-http.client';
import { ThreadsAdapter } from './threads.adapter';
import { ThreadsSettings } from './threads.settings';

/** Test fixtures of the Threads adapter's specs: its settings, recorded answers, and the contract check of what it sent. */

export const TH_HOST = 'https://graph.threads.net';
export const TH_GRAPH = `${TH_HOST}/v1.0`;
export const TH_TOKEN = 'THAAtoken';
export const TH_USER = '17841400000000001';
export const POLL_MS = 30_000;

export const settings = new ThreadsSettings('https://threads.net/oauth/authorize', TH_GRAPH, APP, false, POLL_MS);

export function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new ThreadsAdapter(settings, http), http };
}

export const idAnswer = (id: string) => answer(200, { id });
export const statusAnswer = (id: string, status: string, errorMessage?: string) =>
  answer(200, { id, status, ...(errorMessage ? { error_message: errorMessage } : {}) });
export const limitAnswer = (usage = 0, total = 250, replyUsage = 0) =>
  answer(200, {
    data: [
      {
        quota_usage: usage,
        config: { quota_total: total, quota_duration: 86400 },
        reply_quota_usage: replyUsage,
        reply_config: { quota_total: 1000, quota_duration: 86400 },
      },
    ],
  });
export const permalinkAnswer = (id: string) =>
  answer(200, { id, permalink: `https://www.threads.net/@bakery/post/${id}` });
export const notReadyAnswer = () =>
  answer(400, {
    error: {
      message: 'The requested resource does not exist',
      type: 'OAuthException',
      code: 24,
      error_subcode: 4279009,
      is_transient: false,
      error_user_title: 'Media Not Found',
      fbtrace_id: 'x',
    },
  });

/** Every request the adapter sent, checked against Meta's Threads contract: [] when all conform. */
export function contractViolations(requests: readonly NetworkRequest[]): ThreadsViolation[] {
  return requests.flatMap((request) => {
    const url = new URL(request.url);
    const params = Object.fromEntries(
      Object.entries({ ...request.query, ...request.form }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    return ThreadsContract.load().checkRequest({ method: request.method, path: url.pathname, params });
  });
}
