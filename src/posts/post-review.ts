import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { ConnectedAccount } from '../accounts';
import { UrlProblem, UrlSafety } from '../common/url-safety';
import { ApiException } from '../common/errors/api-exception';
import { MEDIA_TYPES } from '../media';
import { MediaService } from '../media';
import { mediaKindOf } from '../networks';
import { PostPart } from '../networks';
import { NetworkRegistry } from '../networks';
import { CreatePostBody } from './dto/create-post.body';
import { PostProblem, PostRule } from './post-problem';
import { StoredContainer } from './post.entity';
import { mediaLimitProblems } from './media-limit-problems';
import { permissionProblems } from './permission-problems';
import { featuresOfPost } from '../networks';

/**
 * The latest a post may be scheduled: the same instant a calendar year on (UTC). A fixed 366 days
 * would let a post through a day past the year in three years out of four.
 */
function oneYearAfter(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/**
 * Distinct host names among one post's media URLs. Each name is resolved before the post is
 * accepted; a post naming hundreds could keep the resolver busy for everyone, and no post needs
 * more (a carousel has at most 20 items on Instagram, 10 on X).
 */
export const MAX_MEDIA_HOSTS = 20;

function mediaHostCount(body: CreatePostBody): number {
  const hosts = new Set<string>();
  for (const container of body.containers)
    for (const medium of container.media ?? [])
      if (medium.url !== undefined && URL.canParse(medium.url)) hosts.add(new URL(medium.url).hostname.toLowerCase());
  return hosts.size;
}

const URL_RULE: Readonly<Record<UrlProblem, PostRule>> = {
  malformed: 'media_url_invalid',
  private: 'media_url_private',
  unresolvable: 'media_url_unresolvable',
};

/** One of the post's accounts as found: `account` is undefined when it is not this customer's and tenant's. */
export interface ReviewedAccount {
  accountId: string;
  account: ConnectedAccount | undefined;
  /** What is wrong with the account itself (unknown, expired, disconnected). */
  problems: PostProblem[];
}

/** Everything found wrong with a post, grouped by what it concerns; nothing is written or sent. */
export interface PostReviewResult {
  scheduledAt: Date | null;
  scheduleProblems: PostProblem[];
  containers: StoredContainer[];
  /** Media URLs the service would not fetch, or whose kind it cannot tell. */
  mediaProblems: PostProblem[];
  /** In the body's order. */
  accounts: ReviewedAccount[];
  /** Each network's content problems, for every network of an account found, in the order of the accounts. */
  contentProblems: Map<string, PostProblem[]>;
}

/**
 * Checks a post the way POST /posts does, collecting every problem instead of stopping at the
 * first kind: PostAcceptance turns the result into its 400 or 422, POST /posts/validate into a
 * verdict. Reads only (the accounts, and DNS for media URL names).
 */
@Injectable()
export class PostReview {
  constructor(
    private readonly connectedAccounts: AccountsStore,
    private readonly urls: UrlSafety,
    private readonly networks: NetworkRegistry,
    private readonly media: MediaService,
  ) {}

  /** Judged at `now` (the caller's clock): scheduledAt must come after it, and within a year of it. */
  async review(customerId: string, body: CreatePostBody, now: Date): Promise<PostReviewResult> {
    const { scheduledAt, scheduleProblems } = this.schedule(body.scheduledAt, now);
    const [{ containers, mediaProblems }, accounts] = await Promise.all([
      this.containers(customerId, body),
      this.accounts(customerId, body),
    ]);
    const parts: PostPart[] = containers.map((container) => ({ text: container.content, media: container.media }));
    const features = featuresOfPost(parts);
    for (const [index, reviewed] of accounts.entries()) {
      if (!reviewed.account || reviewed.problems.length) continue;
      const needs = this.networks.get(reviewed.account.platform).permissionNeeds;
      reviewed.problems.push(...permissionProblems(reviewed.account, `accounts[${index}]`, needs, features));
    }
    const contentProblems = new Map<string, PostProblem[]>();
    for (const { account } of accounts) {
      if (!account || contentProblems.has(account.platform)) continue;
      contentProblems.set(account.platform, [
        ...this.networks.get(account.platform).validate(parts),
        ...mediaLimitProblems(account.platform, containers),
      ]);
    }
    return { scheduledAt, scheduleProblems, containers, mediaProblems, accounts, contentProblems };
  }

  private schedule(
    value: string | undefined,
    now: Date,
  ): { scheduledAt: Date | null; scheduleProblems: PostProblem[] } {
    if (value === undefined) return { scheduledAt: null, scheduleProblems: [] };
    const at = new Date(value);
    const problem = (rule: PostRule, message: string) => ({
      scheduledAt: at,
      scheduleProblems: [{ field: 'scheduledAt', rule, message }],
    });
    if (at.getTime() <= now.getTime()) return problem('scheduled_at_past', 'scheduledAt must be in the future');
    if (at.getTime() > oneYearAfter(now).getTime())
      return problem('scheduled_at_too_far', 'scheduledAt must be within one year');
    return { scheduledAt: at, scheduleProblems: [] };
  }

  private async containers(
    customerId: string,
    body: CreatePostBody,
  ): Promise<{ containers: StoredContainer[]; mediaProblems: PostProblem[] }> {
    const mediaProblems: PostProblem[] = [];
    const hosts = mediaHostCount(body);
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
      body.containers.flatMap((container) => (container.media ?? []).flatMap((medium) => medium.id ?? [])),
    );
    const containers = await Promise.all(
      body.containers.map(async (container, index) => ({
        content: container.content ?? '',
        media: await Promise.all(
          (container.media ?? []).map(async (medium, position) => {
            const at = `containers[${index}].media[${position}]`;
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
            return { url, kind: kind ?? 'image' };
          }),
        ),
      })),
    );
    return { containers, mediaProblems };
  }

  /** Every account must exist for this customer, belong to the post's tenant, and be active. */
  private async accounts(customerId: string, body: CreatePostBody): Promise<ReviewedAccount[]> {
    const found = await this.connectedAccounts.findManyForCustomer(customerId, body.accounts);
    const byId = new Map(found.map((account) => [account.id, account]));
    return body.accounts.map((id, index): ReviewedAccount => {
      const field = `accounts[${index}]`;
      const known = byId.get(id);
      const account = known && known.tenantId === body.tenant_id ? known : undefined;
      const problem = (rule: PostRule, message: string) => ({
        accountId: id,
        account,
        problems: [{ field, rule, message }],
      });
      if (!account) return problem('account_unknown', `${id} is not a connected account of tenant ${body.tenant_id}`);
      if (account.status === 'expired')
        return problem('account_expired', `${id} needs reconnecting: its token expired (account_expired)`);
      if (account.status !== 'active') return problem('account_disconnected', `${id} is disconnected`);
      return { accountId: id, account, problems: [] };
    });
  }
}
