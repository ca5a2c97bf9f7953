import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListedAccount } from '../../accounts/accounts.repository';
import type { AccountStatus } from '../../accounts/connected-account.entity';

export const ACCOUNT_PAGE_SIZE = 100;

/** The customer's accounts across tenants (the API lists one tenant at a time); never a token column. */
@Injectable()
export class AccountsReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(customerId: string, filters: { tenantId?: string; status?: AccountStatus }): Promise<ListedAccount[]> {
    const rows = (await this.dataSource.query(
      `SELECT id, platform, username, nickname, status, tenant_id, avatar_url, connected_at, scopes FROM connected_accounts
        WHERE customer_id = $1 AND ($2::text IS NULL OR tenant_id = $2) AND ($3::text IS NULL OR status = $3)
        ORDER BY connected_at DESC, id DESC LIMIT ${ACCOUNT_PAGE_SIZE}`,
      [customerId, filters.tenantId ?? null, filters.status ?? null],
    )) as Array<{
      id: string;
      platform: string;
      username: string;
      nickname: string;
      status: AccountStatus;
      tenant_id: string;
      avatar_url: string | null;
      connected_at: Date;
      scopes: string[];
    }>;
    return rows.map((row) => ({
      id: row.id,
      platform: row.platform,
      username: row.username,
      nickname: row.nickname,
      status: row.status,
      tenantId: row.tenant_id,
      avatarUrl: row.avatar_url,
      connectedAt: row.connected_at.toISOString(),
      permissions: row.scopes,
    }));
  }
}
