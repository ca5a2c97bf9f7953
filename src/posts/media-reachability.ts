import { Injectable } from '@nestjs/common';
import { MediaUrlProbe } from '../common/media-url-probe';
import { UrlSafety } from '../common/url-safety';
import { containerLists } from './container-lists';
import { CreatePostBody } from './dto/create-post.body';
import { PostProblem } from './post-problem';

/** URLs of one validate request checked at once: a post may name many, and each waits up to the probe's deadline. */
const PER_REQUEST_CONCURRENCY = 4;

/**
 * Whether each media URL of a post answers with its file, for POST /posts/validate: what the
 * networks will do when they fetch it (Instagram and Facebook are handed the URL; for X the
 * service downloads it). A URL that does not answer is a warning, never a problem: the file may be
 * put there before the post is published. Only URLs that passed the address checks are fetched
 * (those that did not are problems already), each once, a few at a time, under the probe's
 * deadline and with the service's address checks on every hop.
 */
@Injectable()
export class MediaReachability {
  private readonly probe: MediaUrlProbe;

  constructor(urls: UrlSafety) {
    this.probe = new MediaUrlProbe(urls);
  }

  async warnings(customerId: string, body: CreatePostBody, problems: readonly PostProblem[]): Promise<PostProblem[]> {
    const refused = new Set(problems.map((problem) => problem.field));
    const fieldsOf = new Map<string, string[]>();
    for (const { path, containers } of containerLists(body))
      containers.forEach((container, index) =>
        (container.media ?? []).forEach((medium, position) => {
          const field = `${path}[${index}].media[${position}].url`;
          if (medium.url === undefined || medium.id !== undefined || refused.has(field)) return;
          fieldsOf.set(medium.url, [...(fieldsOf.get(medium.url) ?? []), field]);
        }),
      );
    const urls = [...fieldsOf.keys()];
    const verdicts = new Map<string, string | undefined>();
    let next = 0;
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const result = await this.probe.probe(url, customerId);
        verdicts.set(url, result.ok ? undefined : result.reason);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PER_REQUEST_CONCURRENCY, urls.length) }, worker));
    return urls.flatMap((url) => {
      const reason = verdicts.get(url);
      if (reason === undefined) return [];
      return fieldsOf.get(url)!.map((field) => ({
        field,
        rule: 'media_url_unreachable' as const,
        message: `${field} ${reason}: a network fetching it now would fail the post (a warning: the file may be there by the time it is published)`,
      }));
    });
  }
}
