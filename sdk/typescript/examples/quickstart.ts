// The SDK in a few calls: an auth URL to connect an X profile, the tenant's accounts, and a post to the
// first active one, read back until it settles. With a test key (sps_test_…) it all happens in your
// test world: open the auth URL, approve on the emulated consent page, run this again to post.
// From the repository root, build the SDK once (`npm test` does too), then run it:
//
//   npm run build -w sdk/typescript
//   API_URL=http://localhost:3000 API_KEY=sps_test_… npx ts-node --transpile-only sdk/typescript/examples/quickstart.ts
//
// REDIRECT_URI must be one of the customer's redirect URLs (`npm run cli -- redirect-urls add`); the
// default is the one the README's walkthrough adds.
import { ApiError, createClient, unwrap } from '@social-publishing/sdk';

const TENANT_ID = process.env.TENANT_ID ?? 'tenant-42';
const REDIRECT_URI = process.env.REDIRECT_URI ?? 'http://localhost:8080/connected';

async function main(): Promise<void> {
  const client = createClient({ baseUrl: requiredEnv('API_URL'), apiKey: requiredEnv('API_KEY') });

  const { auth_url } = await unwrap(
    client.POST('/api/v1/social-networks/{network}/auth-url', {
      params: { path: { network: 'x' } },
      body: { tenant_id: TENANT_ID, redirect_uri: REDIRECT_URI },
    }),
  );
  console.log(`To connect an X profile, open:\n  ${auth_url}`);

  const accounts = await unwrap(client.GET('/api/v1/social-accounts', { params: { query: { tenantId: TENANT_ID } } }));
  for (const account of accounts)
    console.log(`${account.id}  ${account.platform}  @${account.username}  ${account.status}`);
  const account = accounts.find((candidate) => candidate.status === 'active');
  if (!account) return console.log('No active account yet: connect one with the URL above, then run this again.');

  const accepted = await unwrap(
    client.POST('/api/v1/posts', {
      body: { tenant_id: TENANT_ID, accounts: [account.id], containers: [{ content: 'Hello from the SDK' }] },
    }),
  );
  let post = accepted;
  while (['scheduled', 'queued', 'publishing'].includes(post.status)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    post = await unwrap(client.GET('/api/v1/posts/{id}', { params: { path: { id: accepted.id } } }));
  }
  for (const delivery of post.deliveries)
    console.log(
      `${post.id} on ${delivery.platform}: ${delivery.status} ${delivery.permalink ?? delivery.error?.message ?? ''}`,
    );
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name}`);
  return value;
}

main().catch((error: unknown) => {
  // An ApiError carries the service's code and request id (quote it when asking for help).
  console.error(error instanceof ApiError ? `${error.message}` : error);
  process.exit(1);
});
