import { ConnectedAccount } from '../accounts/connected-account.entity';
import { PostReviewResult, ReviewedAccount } from './post-review';
import { postVerdict } from './post-verdict';

const account = (id: string, platform: string): ReviewedAccount => ({
  accountId: id,
  account: Object.assign(new ConnectedAccount(), { id, platform, status: 'active' }),
  problems: [],
  overrideProblems: [],
});

function review(overrides: Partial<PostReviewResult>): PostReviewResult {
  return {
    scheduledAt: null,
    scheduleProblems: [],
    containers: [{ content: 'x', media: [] }],
    containerLists: new Map(),
    variants: {},
    variantProblems: [],
    mediaProblems: [],
    accounts: [],
    contentProblems: new Map(),
    contentWarnings: [],
    ...overrides,
  };
}

const tooLong = { field: 'containers[0].content', rule: 'text_too_long', message: 'too long' } as const;

describe('postVerdict', () => {
  it("gives each account of a network that network's problems, and an unknown account no network", () => {
    const verdict = postVerdict(
      review({
        accounts: [
          account('acc_x1', 'x'),
          account('acc_fb', 'facebook'),
          account('acc_x2', 'x'),
          {
            accountId: 'acc_gone',
            account: undefined,
            problems: [{ field: 'accounts[3]', rule: 'account_unknown', message: 'unknown' }],
            overrideProblems: [],
          },
        ],
        contentProblems: new Map([
          ['x', [tooLong]],
          ['facebook', []],
        ]),
      }),
    );
    expect(verdict).toEqual({
      valid: false,
      problems: [],
      warnings: [],
      accounts: [
        { accountId: 'acc_x1', platform: 'x', valid: false, problems: [tooLong] },
        { accountId: 'acc_fb', platform: 'facebook', valid: true, problems: [] },
        { accountId: 'acc_x2', platform: 'x', valid: false, problems: [tooLong] },
        {
          accountId: 'acc_gone',
          platform: null,
          valid: false,
          problems: [{ field: 'accounts[3]', rule: 'account_unknown', message: 'unknown' }],
        },
      ],
    });
  });

  it('is invalid on a problem of the whole post even when every account is fine', () => {
    const past = { field: 'scheduledAt', rule: 'scheduled_at_past', message: 'past' } as const;
    const verdict = postVerdict(
      review({
        scheduleProblems: [past],
        accounts: [account('acc_x1', 'x')],
        contentProblems: new Map([['x', []]]),
      }),
    );
    expect(verdict).toEqual({
      valid: false,
      problems: [past],
      warnings: [],
      accounts: [{ accountId: 'acc_x1', platform: 'x', valid: true, problems: [] }],
    });
  });

  it('carries warnings, which never make a post invalid', () => {
    const unreachable = {
      field: 'containers[0].media[0].url',
      rule: 'media_url_unreachable',
      message: 'answered HTTP 404',
    } as const;
    const verdict = postVerdict(review({ accounts: [account('acc_x1', 'x')], contentProblems: new Map([['x', []]]) }), [
      unreachable,
    ]);
    expect({ valid: verdict.valid, warnings: verdict.warnings }).toEqual({ valid: true, warnings: [unreachable] });
  });

  it('is valid when nothing is wrong', () => {
    expect(postVerdict(review({ accounts: [account('acc_x1', 'x')] })).valid).toBe(true);
  });
});
