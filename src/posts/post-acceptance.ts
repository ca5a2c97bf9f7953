import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ConnectedAccount } from '../accounts/connected-account.entity';
import { ApiException, FieldError } from '../common/errors/api-exception';
import { UrlSafety } from '../common/url-safety';
import { mediaKindOf } from '../networks/media-kind';
import { PostPart } from '../networks/network-adapter';
import { NetworkRegistry } from '../networks/network-registry';
import { CreatePostBody } from './dto/create-post.body';
import { StoredContainer } from './post.entity';

/**
 * The latest a post may be scheduled: the same instant a calendar year on (UTC). A fixed 366 days
 * would let a post through a day past the year in three years out of four.
 */
function oneYearAfter(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

export interface AcceptedPost {
  containers: StoredContainer[];
  accounts: ConnectedAccount[];
  scheduledAt: Date | null;
}

/** Malformed input found here, named like the validation pipe names it: the fields are in the message too. */
function invalid(details: FieldError[]): ApiException {
  return ApiException.validation(details, `Invalid request: ${[...new Set(details.map((d) => d.field))].join(', ')}`);
}

function unprocessable(details: FieldError[]): ApiException {
  return new ApiException(
    'unprocessable_content',
    `The post cannot be published as it is: ${details.map((d) => d.field).join(', ')}`,
    details,
  );
}

/**
 * Everything checked before a post is accepted: a 400 for what is malformed, a 422 for what a
 * network or an account's state would refuse. Nothing is written until all of it passes.
 */
@Injectable()
export class PostAcceptance {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly urls: UrlSafety,
    private readonly networks: NetworkRegistry,
  ) {}

  async accept(customerId: string, body: CreatePostBody, now = new Date()): Promise<AcceptedPost> {
    const scheduledAt = this.scheduledAt(body.scheduledAt, now);
    const containers = await this.containers(body);
    const accounts = await this.accounts(customerId, body);
    const problems = [...new Set(accounts.map((account) => account.platform))].flatMap((platform) => {
      const parts: PostPart[] = containers.map((container) => ({ text: container.content, media: container.media }));
      return this.networks
        .get(platform)
        .validate(parts)
        .map((problem) => ({ field: problem.field, message: `${platform}: ${problem.message}` }));
    });
    if (problems.length) throw unprocessable(problems);
    return { containers, accounts, scheduledAt };
  }

  private scheduledAt(value: string | undefined, now: Date): Date | null {
    if (value === undefined) return null;
    const at = new Date(value);
    if (at.getTime() <= now.getTime())
      throw invalid([{ field: 'scheduledAt', message: 'scheduledAt must be in the future' }]);
    if (at.getTime() > oneYearAfter(now).getTime())
      throw invalid([{ field: 'scheduledAt', message: 'scheduledAt must be within one year' }]);
    return at;
  }

  private async containers(body: CreatePostBody): Promise<StoredContainer[]> {
    const problems: FieldError[] = [];
    const containers = await Promise.all(
      body.containers.map(async (container, index) => ({
        content: container.content ?? '',
        media: await Promise.all(
          (container.media ?? []).map(async (medium, position) => {
            const field = `containers[${index}].media[${position}].url`;
            const verdict = await this.urls.check(medium.url);
            if (!verdict.ok) problems.push({ field, message: `${field} ${verdict.reason}` });
            const kind = mediaKindOf(medium.url);
            if (!kind)
              problems.push({
                field,
                message: `${field} must end in a known media extension (.jpg, .png, .gif, .webp, .mp4, .mov, …)`,
              });
            return { url: medium.url, kind: kind ?? 'image' };
          }),
        ),
      })),
    );
    if (problems.length) throw invalid(problems);
    return containers;
  }

  /** Every account must exist for this customer, belong to the post's tenant, and be active. */
  private async accounts(customerId: string, body: CreatePostBody): Promise<ConnectedAccount[]> {
    const found = await this.dataSource.getRepository(ConnectedAccount).findBy({ customerId, id: In(body.accounts) });
    const byId = new Map(found.map((account) => [account.id, account]));
    const problems: FieldError[] = body.accounts.flatMap((id, index): FieldError[] => {
      const account = byId.get(id);
      const field = `accounts[${index}]`;
      if (!account || account.tenantId !== body.tenant_id)
        return [{ field, message: `${id} is not a connected account of tenant ${body.tenant_id}` }];
      if (account.status === 'expired')
        return [{ field, message: `${id} needs reconnecting: its token expired (account_expired)` }];
      if (account.status !== 'active') return [{ field, message: `${id} is disconnected` }];
      return [];
    });
    if (problems.length) throw unprocessable(problems);
    return body.accounts.map((id) => byId.get(id)!);
  }
}
