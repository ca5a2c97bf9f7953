import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { UrlSafety } from './url-safety';

/**
 * Whether a media URL answers with its file, and if not, why, in words for people. `ok: true`
 * without a `status`: not fetched, because too many fetches were in flight (see MediaUrlProbe);
 * the URL is neither known good nor known bad.
 */
export type MediaProbeResult = { ok: true; status?: number } | { ok: false; reason: string };

export interface MediaUrlProbeOptions {
  /** The most one probe may take, redirects included. */
  timeoutMs: number;
  /** Probes in flight at once in the whole process. */
  concurrency: number;
  /** Probes in flight at once for one owner (a customer, a test world). */
  perOwnerConcurrency: number;
  /** How long a probe waits for its turn; then the URL is left unfetched rather than failed. */
  queueWaitMs: number;
  /**
   * URLs under this prefix (the service's own `/media-files/`, signed links to uploaded media) are
   * fetched without the address checks that otherwise refuse the service itself: a network fetches
   * them from the service's public address as it would any other.
   */
  ownMediaPrefix?: string;
}

const MAX_REDIRECTS = 3;
export const DEFAULT_PROBE_OPTIONS: MediaUrlProbeOptions = {
  timeoutMs: 5_000,
  concurrency: 32,
  perOwnerConcurrency: 4,
  queueWaitMs: 2_000,
};

/**
 * Checks that a media URL answers with a file, the way a network that is handed a URL fetches it:
 * the service's address checks on the URL and on every redirect and connection (UrlSafety), then a
 * GET of the first byte only (`Range: bytes=0-0`; servers that ignore ranges answer 200, and the
 * body is not read), under a deadline. A 2xx answer is a file; anything else is not.
 *
 * Fetches in flight are bounded per owner and in all. A probe that gets no turn within queueWaitMs
 * fetches nothing and says so (`ok` without `status`) instead of failing: a flood of slow URLs by
 * one owner must never make another's good URL look bad.
 */
export class MediaUrlProbe {
  private running = 0;
  private readonly perOwner = new Map<string, number>();
  private readonly waiting: Array<{ owner: string; go: () => void }> = [];

  constructor(
    private readonly urls: UrlSafety,
    private readonly options: MediaUrlProbeOptions = DEFAULT_PROBE_OPTIONS,
  ) {}

  /** `owner` (a customer, or a test world) bounds its fetches and its name resolutions. */
  async probe(url: string, owner = ''): Promise<MediaProbeResult> {
    if (!(await this.turn(owner))) return { ok: true };
    try {
      return await this.follow(url, owner, AbortSignal.timeout(this.options.timeoutMs));
    } finally {
      this.release(owner);
    }
  }

  private hasRoom(owner: string): boolean {
    return (
      this.running < this.options.concurrency && (this.perOwner.get(owner) ?? 0) < this.options.perOwnerConcurrency
    );
  }

  private take(owner: string): void {
    this.running += 1;
    this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
  }

  private release(owner: string): void {
    this.running -= 1;
    const left = (this.perOwner.get(owner) ?? 1) - 1;
    if (left === 0) this.perOwner.delete(owner);
    else this.perOwner.set(owner, left);
    const next = this.waiting.findIndex((waiter) => this.hasRoom(waiter.owner));
    if (next !== -1) this.waiting.splice(next, 1)[0]!.go();
  }

  /** True once the probe may run (its slot taken); false when none came within queueWaitMs. */
  private turn(owner: string): Promise<boolean> {
    if (this.hasRoom(owner)) {
      this.take(owner);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = {
        owner,
        go: () => {
          clearTimeout(timer);
          this.take(owner);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        resolve(false);
      }, this.options.queueWaitMs);
      this.waiting.push(waiter);
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
