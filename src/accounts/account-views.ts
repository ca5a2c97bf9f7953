import { Injectable } from '@nestjs/common';
import { MissingPermissions, missingPermissions, PermissionNeeds } from '../networks';
import { NetworkRegistry } from '../networks';
import type { ListedAccount } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';
import { AccountView } from './dto/account.view';

/** Enough for every combination of a network and the grants its accounts hold; past it the memo starts again. */
const MEMO_LIMIT = 1_000;

/**
 * Accounts as the API shows them, with what each cannot be used for on its network. The accounts of
 * a network mostly hold the same grant, so what a grant lacks is worked out once per network and
 * grant: the account list stays as cheap as it was before it said so.
 */
@Injectable()
export class AccountViews {
  private readonly missing = new Map<string, MissingPermissions[]>();

  constructor(private readonly networks: NetworkRegistry) {}

  of(account: ConnectedAccount): AccountView {
    return this.ofListed({ ...account, connectedAt: account.connectedAt.toISOString(), permissions: account.scopes });
  }

  ofListed(account: ListedAccount): AccountView {
    return AccountView.fromListed(account, this.missingOf(account.platform, account.permissions));
  }

  private missingOf(platform: string, granted: string[]): MissingPermissions[] {
    const key = `${platform}\u0000${granted.join(',')}`;
    let missing = this.missing.get(key);
    if (!missing) {
      if (this.missing.size >= MEMO_LIMIT) this.missing.clear();
      missing = missingPermissions(this.needsOf(platform), granted);
      this.missing.set(key, missing);
    }
    return missing;
  }

  /** A network no longer installed needs nothing the service could still use. */
  private needsOf(platform: string): PermissionNeeds {
    return this.networks.find(platform)?.permissionNeeds ?? {};
  }
}
