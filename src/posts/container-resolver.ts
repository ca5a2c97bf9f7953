import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { UrlProblem, UrlSafety } from '../common/url-safety';
import { MEDIA_TYPES, MediaService } from '../media';
import { mediaKindOf } from '../networks';
import { ContainerList } from './container-lists';
import { PostProblem, PostRule } from './post-problem';
import { StoredContainer } from './post.entity';

/**
 * Distinct host names among one post's media URLs. Each name is resolved before the post is
 * accepted; a post naming hundreds could keep the resolver busy for everyone, and no post needs
 * more (a carousel has at most 20 items on Instagram, 10 on X).
 */
export const MAX_MEDIA_HOSTS = 20;

function mediaHostCount(lists: readonly ContainerList[]): number {
  const hosts = new Set<string>();
  for (const { containers } of lists)
    for (const container of containers)
      for (const medium of container.media ?? [])
        if (medium.url !== undefined && URL.canParse(medium.url)) hosts.add(new URL(medium.url).hostname.toLowerCase());
  return hosts.size;
}

/** The medium's alt text, kept only when given (stored posts stay as they were without it). */
const altTextOf = (medium: { altText?: string }) => (medium.altText !== undefined ? { altText: medium.altText } : {});

const URL_RULE: Readonly<Record<UrlProblem, PostRule>> = {
  malformed: 'media_url_invalid',
  private: 'media_url_private',
  unresolvable: 'media_url_unresolvable',
};

/**
 * A post's container lists as they will be stored: each medium's URL checked (or its upload
 * found) and its kind judged, every problem named by its path in the body.
 */
@Injectable()
export class ContainerResolver {
  constructor(
    private readonly urls: UrlSafety,
    private readonly media: MediaService,
  ) {}

  /** The lists in the order given, keyed by path. */
  async resolve(
    customerId: string,
    lists: readonly ContainerList[],
  ): Promise<{ resolved: Map<string, StoredContainer[]>; mediaProblems: PostProblem[] }> {
    const mediaProblems: PostProblem[] = [];
    const hosts = mediaHostCount(lists);
    if (hosts > MAX_MEDIA_HOSTS)
      throw ApiException.validation(
        [
          {
            field: 'containers',
            message: `the media URLs name ${hosts} different hosts; at most ${MAX_MEDIA_HOSTS} per post (upload the files, or serve them from fewer hosts)`,
          },
        ],
        `Invalid request: media URLs on more than ${MAX_MEDIA_HOSTS} hosts`,
      );
    const uploaded = await this.media.find(
      customerId,
      lists.flatMap(({ containers }) =>
        containers.flatMap((container) => (container.media ?? []).flatMap((medium) => medium.id ?? [])),
      ),
    );
    const resolved = new Map<string, StoredContainer[]>();
    for (const { path, containers } of lists)
      resolved.set(
        path,
        await Promise.all(
          containers.map(async (container, index) => ({
            content: container.content ?? '',
            media: await Promise.all(
              (container.media ?? []).map(async (medium, position) => {
                const at = `${path}[${index}].media[${position}]`;
                if ((medium.id === undefined) === (medium.url === undefined))
                  throw ApiException.validation(
                    [
                      {
                        field: `${at}.url`,
                        message: `${at}.url is required, or else ${at}.id (an uploaded medium), not both`,
                      },
                    ],
                    `Invalid request: ${at}.url`,
                  );
                if (medium.id !== undefined) {
                  const field = `${at}.id`;
                  const found = uploaded.get(medium.id);
                  if (!found) {
                    mediaProblems.push({
                      field,
                      rule: 'media_unknown',
                      message: `${field}: no uploaded medium ${medium.id}`,
                    });
                    return { url: '', kind: 'image' as const };
                  }
                  if (found.state !== 'ready')
                    mediaProblems.push({
                      field,
                      rule: 'media_not_ready',
                      message: `${field}: medium ${medium.id} is ${found.state}, not ready: upload its bytes first`,
                    });
                  return {
                    url: this.media.canonicalUrl(found),
                    kind: MEDIA_TYPES[found.contentType]!.kind,
                    mediaId: found.id,
                    size: found.size,
                    contentType: found.contentType,
                    ...(found.durationMs !== null ? { durationMs: found.durationMs } : {}),
                    ...altTextOf(medium),
                  };
                }
                const url = medium.url!;
                const field = `${at}.url`;
                const verdict = await this.urls.check(url, customerId);
                if (!verdict.ok)
                  mediaProblems.push({ field, rule: URL_RULE[verdict.problem], message: `${field} ${verdict.reason}` });
                const kind = mediaKindOf(url);
                if (!kind)
                  mediaProblems.push({
                    field,
                    rule: 'media_type_unknown',
                    message: `${field} must end in a known media extension (.jpg, .png, .gif, .webp, .mp4, .mov, …)`,
                  });
                return { url, kind: kind ?? 'image', ...altTextOf(medium) };
              }),
            ),
          })),
        ),
      );
    return { resolved, mediaProblems };
  }
}
