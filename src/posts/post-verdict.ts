import { PostVerdictView } from './dto/post-verdict.view';
import { PostReviewResult } from './post-review';
import { PostProblem } from './post-problem';

/**
 * A review as POST /posts/validate answers it: the post's own problems, then each account's with
 * its network's, and the warnings (which never make it invalid).
 */
export function postVerdict(reviewed: PostReviewResult, warnings: PostProblem[] = []): PostVerdictView {
  const problems = [...reviewed.scheduleProblems, ...reviewed.mediaProblems, ...reviewed.variantProblems];
  const accounts = reviewed.accounts.map(({ accountId, account, problems: own, overrideProblems }) => {
    const accountProblems = [
      ...own,
      ...(account ? (reviewed.contentProblems.get(account.platform) ?? []) : []),
      ...overrideProblems,
    ];
    return {
      accountId,
      platform: account?.platform ?? null,
      valid: accountProblems.length === 0,
      problems: accountProblems,
    };
  });
  return {
    valid: problems.length === 0 && accounts.every((account) => account.valid),
    problems,
    accounts,
    warnings: [...reviewed.contentWarnings, ...warnings],
  };
}
