import { ConnectedAccount } from '../accounts';
import { AccountFeature, FEATURE_WORDS, lackedFor, PermissionNeeds } from '../networks';
import { PostProblem } from './post-problem';

/** Says which permission a feature lacks and how to get it, the same way wherever the service refuses for it. */
export function permissionMessage(
  account: Pick<ConnectedAccount, 'id' | 'platform' | 'username'>,
  feature: AccountFeature,
  lacking: readonly string[],
): string {
  const names = lacking.join(', ');
  return (
    `${account.id} (${account.platform} @${account.username}) was not granted ${names}, which ${FEATURE_WORDS[feature]} needs: ` +
    `reconnect the account (a new auth-url for the same tenant) to grant ${lacking.length > 1 ? 'them' : 'it'}`
  );
}

/** One problem per feature of the post that the account's granted permissions do not allow. */
export function permissionProblems(
  account: ConnectedAccount,
  field: string,
  needs: PermissionNeeds,
  features: readonly AccountFeature[],
): PostProblem[] {
  return features.flatMap((feature) => {
    const lacking = lackedFor(needs, feature, account.scopes);
    return lacking.length
      ? [{ field, rule: 'account_permission_missing' as const, message: permissionMessage(account, feature, lacking) }]
      : [];
  });
}
