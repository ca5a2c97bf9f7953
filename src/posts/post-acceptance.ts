import { Injectable } from '@nestjs/common';
import { ConnectedAccount } from '../accounts';
import { ApiException, FieldError } from '../common/errors/api-exception';
import { MediaService } from '../media';
import { CreatePostBody } from './dto/create-post.body';
import { PostProblem, ProblemRule } from './post-problem';
import { PostReview } from './post-review';
import { StoredContainer } from './post.entity';
import { StoredPostVariants } from './post-variants';

export interface AcceptedPost {
  containers: StoredContainer[];
  variants: StoredPostVariants;
  accounts: ConnectedAccount[];
  scheduledAt: Date | null;
}

const UPLOADED_MEDIA_RULES: ReadonlySet<ProblemRule> = new Set(['media_unknown', 'media_not_ready']);

/** The error details as POST /posts has always given them: the field and the message. */
const details = (problems: PostProblem[]): FieldError[] =>
  problems.map((problem) => ({ field: problem.field, message: problem.message }));

/** Malformed input found here, named like the validation pipe names it: the fields are in the message too. */
function invalid(problems: PostProblem[]): ApiException {
  return ApiException.validation(
    details(problems),
    `Invalid request: ${[...new Set(problems.map((d) => d.field))].join(', ')}`,
  );
}

function unprocessable(problems: PostProblem[]): ApiException {
  return new ApiException(
    'unprocessable_content',
    `The post cannot be published as it is: ${problems.map((d) => d.field).join(', ')}`,
    details(problems),
  );
}

/**
 * Everything checked before a post is accepted (PostReview, the same checks POST /posts/validate
 * reports): a 400 for what is malformed, a 422 for what a network or an account's state would
 * refuse, one kind at a time in this order. Nothing is written until all of it passes.
 */
@Injectable()
export class PostAcceptance {
  constructor(
    private readonly review: PostReview,
    private readonly media: MediaService,
  ) {}

  /** Judged at `now` (the caller's clock): whether scheduledAt is in the future, how long media are kept. */
  async accept(customerId: string, body: CreatePostBody, now: Date): Promise<AcceptedPost> {
    const reviewed = await this.review.review(customerId, body, now);
    if (reviewed.scheduleProblems.length) throw invalid(reviewed.scheduleProblems);
    // A malformed URL is the body's fault (400); an uploaded medium unknown or not ready is a state (422).
    const urlProblems = reviewed.mediaProblems.filter((problem) => !UPLOADED_MEDIA_RULES.has(problem.rule));
    if (urlProblems.length) throw invalid(urlProblems);
    if (reviewed.mediaProblems.length) throw unprocessable(reviewed.mediaProblems);
    const accountProblems = reviewed.accounts.flatMap((account) => account.problems);
    if (accountProblems.length && accountProblems.every((problem) => problem.rule === 'account_permission_missing'))
      throw new ApiException(
        'permission_missing',
        accountProblems.map((problem) => problem.message).join('; '),
        details(accountProblems),
      );
    if (accountProblems.length) throw unprocessable(accountProblems);
    if (reviewed.variantProblems.length) throw unprocessable(reviewed.variantProblems);
    // Each network's problems once, named by the network, as a post may go to several; then each
    // overridden account's own.
    const named = (platform: string, problems: PostProblem[]) =>
      problems.map((problem) => ({ ...problem, message: `${platform}: ${problem.message}` }));
    const contentProblems = [
      ...[...reviewed.contentProblems].flatMap(([platform, problems]) => named(platform, problems)),
      ...reviewed.accounts.flatMap(({ account, overrideProblems }) => named(account!.platform, overrideProblems)),
    ];
    if (contentProblems.length) throw unprocessable(contentProblems);
    await this.keepMedia(reviewed.containerLists, reviewed.scheduledAt ?? now);
    return {
      containers: reviewed.containers,
      variants: reviewed.variants,
      accounts: reviewed.accounts.map((reviewedAccount) => reviewedAccount.account!),
      scheduledAt: reviewed.scheduledAt,
    };
  }

  /** Marks the post's uploaded media used until it publishes; a medium purged since the review is refused. */
  private async keepMedia(lists: ReadonlyMap<string, StoredContainer[]>, until: Date): Promise<void> {
    const uploaded = [...lists].flatMap(([path, containers]) =>
      containers.flatMap((container, index) =>
        container.media.flatMap((medium, position) =>
          medium.mediaId ? [{ id: medium.mediaId, field: `${path}[${index}].media[${position}].id` }] : [],
        ),
      ),
    );
    const kept = await this.media.markUsed(
      uploaded.map((medium) => medium.id),
      until,
    );
    const purged = uploaded.filter((medium) => !kept.has(medium.id));
    if (purged.length)
      throw unprocessable(
        purged.map(({ id, field }) => ({
          field,
          rule: 'media_unknown',
          message: `${field}: medium ${id} was just deleted (unused for the retention period): upload it again`,
        })),
      );
  }
}
