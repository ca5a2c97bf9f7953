import { connectAccount } from './connect-account';
import { createPost } from './posts';
import { TestApp, TestCustomer } from './test-app';

export const TENANT = 'tenant-fair';

export type App = TestApp & { baseUrl: string };

/** Helpers over one app: emulated X profiles connected through the real flow, posts, the emulator's faults. */
export function harness(t: App) {
  let users = 0;
  const control = (path: string, body?: unknown, method = 'POST') =>
    fetch(`${t.baseUrl}/emulator/control${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    control,
    /** A new customer with `count` X profiles connected. */
    async customerWithAccounts(
      count: number,
    ): Promise<{ customer: TestCustomer; accounts: Array<{ id: string; networkAccountId: string }> }> {
      const customer = await t.createCustomer();
      const accounts: Array<{ id: string; networkAccountId: string }> = [];
      for (let index = 0; index < count; index += 1) {
        const user = `fair${(users += 1)}`;
        expect(
          (await control('/users', { id: user, name: `Fair ${users}`, x: { username: `fair_${users}` } })).status,
        ).toBeLessThan(300);
        const { id, networkAccountId } = await connectAccount(t, customer, 'x', TENANT, { emulatorUser: user });
        accounts.push({ id, networkAccountId });
      }
      return { customer, accounts };
    },
    post: (customer: TestCustomer, accountId: string, content: string) =>
      createPost(t, customer, { tenant_id: TENANT, accounts: [accountId], containers: [{ content }] }),
    /** Deliveries of the customer not yet final. */
    async openDeliveries(customer: TestCustomer): Promise<number> {
      const [row] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM deliveries WHERE customer_id = $1 AND status IN ('scheduled', 'pending', 'publishing')",
        [customer.id],
      );
      return row!.n;
    },
  };
}
