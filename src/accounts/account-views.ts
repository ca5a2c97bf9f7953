import { Injectable } from '@nestjs/common';
import { PermissionNeeds } from '../networks/account-permissions';
import { NetworkRegistry } from '../networks/network-registry';
import type { ListedAccount } from './accounts.repository';
import { ConnectedAccount } from './connected-account.entity';
import { AccountView } from './dto/account.view';

/** Accounts as the API shows them, with what each cannot be used for on its network. */
@Injectable()
export class AccountViews {
  constructor(private readonly networks: NetworkRegistry) {}

  of(account: ConnectedAccount): AccountView {
    return AccountView.from(account, this.needsOf(account.platform));
  }

  ofListed(account: ListedAccount): AccountView {
    return AccountView.fromListed(account, this.needsOf(account.platform));
  }

  /** A network no longer installed needs nothing the service could still use. */
  private needsOf(platform: string): PermissionNeeds {
    return this.networks.find(platform)?.permissionNeeds ?? {};
  }
}
