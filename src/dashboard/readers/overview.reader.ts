import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../../accounts';
import { EventsStore, FailingEvent } from '../../webhooks';

export interface Overview {
  accounts: Array<{ platform: string; status: string; count: number }>;
  failingEvents: FailingEvent[];
}

/** The overview's tables, each one query scoped to the customer (its charts are ChartsReader's). */
@Injectable()
export class OverviewReader {
  constructor(
    private readonly events: EventsStore,
    private readonly accounts: AccountsStore,
  ) {}

  async read(customerId: string): Promise<Overview> {
    const [accounts, failing] = await Promise.all([
      this.accounts.countByPlatformAndStatus(customerId),
      this.events.failingRecent(customerId),
    ]);
    return { accounts, failingEvents: failing };
  }
}
