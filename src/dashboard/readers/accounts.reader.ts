import { Injectable } from '@nestjs/common';
import { AccountsStore, ListedAccount } from '../../accounts';
import type { AccountStatus } from '../../accounts';

export const ACCOUNT_PAGE_SIZE = 100;

/** The customer's accounts across tenants (the API lists one tenant at a time); never a token column. */
@Injectable()
export class AccountsReader {
  constructor(private readonly accounts: AccountsStore) {}

  search(customerId: string, filters: { tenantId?: string; status?: AccountStatus }): Promise<ListedAccount[]> {
    return this.accounts.searchForDashboard(customerId, filters, ACCOUNT_PAGE_SIZE);
  }
}
