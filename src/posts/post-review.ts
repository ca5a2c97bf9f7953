import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { ConnectedAccount } from '../accounts';
import { featuresOfPost } from '../networks';
import { NetworkRegistry } from '../networks';
import { containerLists } from './container-lists';
import { ContainerResolver } from './container-resolver';
import { CreatePostBody } from './dto/create-post.body';
import { PostProblem, PostRule } from './post-problem';
import { StoredContainer } from './post.entity';
import { permissionProblems } from './permission-problems';
import { resolveDelivery, StoredPostVariants } from './post-variants';
import { accountContainersPath, partsOf, relocated, reviewVariants } from './variant-review';

/**
 * The latest a post may be scheduled: the same instant a calendar year on (UTC). A fixed 366 days
 * would let a post through a day past the year in three years out of four.
 */
function oneYearAfter(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

/** One of the post's accounts as found: `account` is undefined when it is not this customer's and tenant's. */
export interface ReviewedAccount {
  accountId: string;
  account: ConnectedAccount | undefined;
  /** What is wrong with the account itself (unknown, expired, disconnected). */
  problems: PostProblem[];
  /**
   * What is wrong with what this account alone would publish: its override (accountOverrides), its
   * own containers and options; and its content against its own limits (an X account's
   * subscription decides how long its posts may be).
   */
  overrideProblems: PostProblem[];
}

/** Everything found wrong with a post, grouped by what it concerns; nothing is written or sent. */
export interface PostReviewResult {
  scheduledAt: Date | null;
  scheduleProblems: PostProblem[];
  containers: StoredContainer[];
  /** Every container list of the body as resolved, by its path (`containers`, `options.x.containers`, …). */
  containerLists: ReadonlyMap<string, StoredContainer[]>;
  /** The post's options and account overrides, as they would be stored. */
  variants: StoredPostVariants;
  /** Of `options` and `accountOverrides` as a whole (a network none of the accounts is on, an account not in the post). */
  variantProblems: PostProblem[];
  /** Media URLs the service would not fetch, or whose kind it cannot tell. */
  mediaProblems: PostProblem[];
  /** In the body's order. */
  accounts: ReviewedAccount[];
  /**
   * Each network's content problems (its containers as resolved, and its options), for every
   * network of an account found, in the order of the accounts.
   */
  contentProblems: Map<string, PostProblem[]>;
  /** What the networks would publish otherwise than asked (alt text they cannot take): warnings only. */
  contentWarnings: PostProblem[];
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
    private readonly containers: ContainerResolver,
    private readonly networks: NetworkRegistry,
  ) {}

  /** Judged at `now` (the caller's clock): scheduledAt must come after it, and within a year of it. */
  async review(customerId: string, body: CreatePostBody, now: Date): Promise<PostReviewResult> {
    const { scheduledAt, scheduleProblems } = this.schedule(body.scheduledAt, now);
    const [{ resolved, mediaProblems }, accounts] = await Promise.all([
      this.containers.resolve(customerId, containerLists(body)),
      this.accounts(customerId, body),
    ]);
    const containers = resolved.get('containers')!;
    const reviewed = reviewVariants(
      body,
      resolved,
      accounts.map(({ account }) => account),
      (platform) => this.networks.get(platform),
    );
    const post = { containers, variants: reviewed.variants };
    for (const [index, found] of accounts.entries()) {
      found.overrideProblems = reviewed.accountProblems.get(found.accountId) ?? [];
      if (!found.account) continue;
      const own = resolveDelivery(post, found.account.id, found.account.platform);
      // An expired account still gets its content checked, as it gets its network's rules.
      found.overrideProblems.push(...this.accountContent(body, resolved, found.account, own.containers));
      if (found.problems.length) continue;
      const needs = this.networks.get(found.account.platform).permissionNeeds;
      const features = featuresOfPost(partsOf(own.containers));
      found.problems.push(...permissionProblems(found.account, `accounts[${index}]`, needs, features));
    }
    return {
      scheduledAt,
      scheduleProblems,
      containers,
      containerLists: resolved,
      variants: reviewed.variants,
      variantProblems: reviewed.postProblems,
      mediaProblems,
      accounts,
      contentProblems: reviewed.networkProblems,
      contentWarnings: reviewed.warnings,
    };
  }

  /**
   * The network's rules that depend on the account (X: how long its posts may be, by its
   * subscription), for the containers it publishes, named where they are in the body and with the
   * account (the same post may suit one account and not another).
   */
  private accountContent(
    body: CreatePostBody,
    resolved: ReadonlyMap<string, StoredContainer[]>,
    account: ConnectedAccount,
    containers: StoredContainer[],
  ): PostProblem[] {
    const adapter = this.networks.get(account.platform);
    if (!adapter.accountContentProblems) return [];
    const problems = adapter.accountContentProblems(partsOf(containers), account.networkTraits ?? {});
    const at = accountContainersPath(body, resolved, account.id, account.platform);
    return relocated(problems, at).map((problem) => ({
      ...problem,
      message: `${account.id} (@${account.username}): ${problem.message}`,
    }));
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
        overrideProblems: [],
      });
      if (!account) return problem('account_unknown', `${id} is not a connected account of tenant ${body.tenant_id}`);
      if (account.status === 'expired')
        return problem('account_expired', `${id} needs reconnecting: its token expired (account_expired)`);
      if (account.status !== 'active') return problem('account_disconnected', `${id} is disconnected`);
      return { accountId: id, account, problems: [], overrideProblems: [] };
    });
  }
}
