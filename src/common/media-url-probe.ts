import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { UrlSafety } from './url-safety';

/** Whether a media URL answers with its file, and if not, why, in words for people. */
export type MediaProbeResult = { ok: true; status: number } | { ok: false; reason: string };

export interface MediaUrlProbeOptions {
  /** The most one probe may take, redirects included. */
  timeoutMs: number;
  /** Probes in flight at once in the whole process; more wait their turn (within their deadline). */
  concurrency: number;
  /**
   * URLs under this prefix (the service's own `/media-files/`, signed links to uploaded media) are
   * fetched without the address checks that otherwise refuse the service itself: a network fetches
   * them from the service's public address as it would any other.
   */
  ownMediaPrefix?: string;
}

const MAX_REDIRECTS = 3;
export const DEFAULT_PROBE_OPTIONS: MediaUrlProbeOptions = { timeoutMs: 5_000, concurrency: 16 };

/**
 * Checks that a media URL answers with a file, the way a network that is handed a URL fetches it:
 * the service's address checks on the URL and on every redirect and connection (UrlSafety), then a
 * GET of the first byte only (`Range: bytes=0-0`; servers that ignore ranges answer 200, and the
 * body is not read), under a deadline. A 2xx answer is a file; anything else is not.
 */
export class MediaUrlProbe {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly urls: UrlSafety,
    private readonly options: MediaUrlProbeOptions = DEFAULT_PROBE_OPTIONS,
  ) {}

  /** `owner` (a customer, or a test world) bounds its name resolutions as everywhere else. */
  async probe(url: string, owner = ''): Promise<MediaProbeResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      await this.turn(deadline);
    } catch {
      return { ok: false, reason: `did not answer within ${this.options.timeoutMs / 1000} s` };
    }
    try {
      return await this.follow(url, owner, deadline);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private turn(deadline: AbortSignal): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const go = () => {
        deadline.removeEventListener('abort', giveUp);
        this.running += 1;
        resolve();
      };
      const giveUp = () => {
        const index = this.waiting.indexOf(go);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(new Error('deadline'));
      };
      deadline.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(go);
    });
  }

  private isOwnMedia(url: URL): boolean {
    const prefix = this.options.ownMediaPrefix;
    return prefix !== undefined && url.href.startsWith(prefix) && !url.username && !url.password;
  }

  private async follow(raw: string, owner: string, deadline: AbortSignal): Promise<MediaProbeResult> {
    let current = raw;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!URL.canParse(current)) return { ok: false, reason: 'is not an absolute URL' };
      const url = new URL(current);
      const own = this.isOwnMedia(url);
      if (!own) {
        const verdict = await this.urls.check(url.href, owner);
        if (!verdict.ok) return { ok: false, reason: verdict.reason };
      }
      let answer: IncomingMessage;
      try {
        answer = await this.firstByte(url, own, deadline);
      } catch (error) {
        const timedOut = deadline.aborted;
        return {
          ok: false,
          reason: timedOut
            ? `did not answer within ${this.options.timeoutMs / 1000} s`
            : `could not be reached (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
        };
      }
      const status = answer.statusCode ?? 0;
      const location = answer.headers.location;
      answer.destroy();
      if (status >= 200 && status < 300) return { ok: true, status };
      if (status >= 300 && status < 400 && location && hop < MAX_REDIRECTS) {
        current = new URL(location, url).href;
        continue;
      }
      return { ok: false, reason: `answered HTTP ${status}` };
    }
    return { ok: false, reason: `redirected more than ${MAX_REDIRECTS} times` };
  }

  private firstByte(url: URL, own: boolean, deadline: AbortSignal): Promise<IncomingMessage> {
    const lookup = own ? undefined : this.urls.connectLookup();
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = send(url, {
        method: 'GET',
        headers: { Range: 'bytes=0-0', 'Accept-Encoding': 'identity' },
        signal: deadline,
        ...(lookup ? { lookup } : {}),
      });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.end();
    });
  }
}
