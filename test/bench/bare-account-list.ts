import Fastify, { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { missingPermissions, PermissionNeeds } from '../../src/networks/account-permissions';
import { FACEBOOK_PERMISSION_NEEDS } from '../../src/networks/facebook/facebook-permissions';
import { instagramPermissionNeeds } from '../../src/networks/instagram/instagram-permissions';
import { X_PERMISSION_NEEDS } from '../../src/networks/x/x-permissions';

/** What each network's features need, as the service's view says what an account lacks. */
const NEEDS: Record<string, PermissionNeeds> = {
  facebook: FACEBOOK_PERMISSION_NEEDS,
  instagram: instagramPermissionNeeds('instagram'),
  x: X_PERMISSION_NEEDS,
};

/**
 * The reference for the account list: the same key lookup and the same query, served by a bare
 * Fastify handler over pg, without the framework, guard, validation or envelope. Run as a process
 * of its own (`node -r ts-node/register/transpile-only test/bench/bare-account-list.ts`, with
 * DATABASE_URL), like the service it is compared with; it prints `listening <port>`.
 */
export async function startBareAccountList(databaseUrl: string): Promise<FastifyInstance> {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const app: FastifyInstance = Fastify();
  app.addHook('onClose', async () => pool.end());
  app.get('/accounts', async (request, reply) => {
    const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const tenantId = (request.query as { tenantId?: string }).tenantId;
    if (!key || !tenantId) return reply.status(401).send();
    const hash = createHash('sha256').update(key).digest('hex');
    const { rows: keys } = await pool.query(
      'SELECT k.customer_id FROM api_keys k JOIN customers c ON c.id = k.customer_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL',
      [hash],
    );
    if (!keys[0]) return reply.status(401).send();
    // The service's first page: its default of 100 accounts, and one more to learn whether a next page follows.
    // The same answer the service gives: every field of the account view (their ISO time made in JS, as a plain handler would).
    const { rows } = await pool.query(
      `SELECT id, platform, username, nickname, status, tenant_id, avatar_url, connected_at, scopes FROM connected_accounts
        WHERE customer_id = $1 AND tenant_id = $2 AND status IN ('active', 'expired') ORDER BY created_at, id LIMIT 101`,
      [keys[0].customer_id, tenantId],
    );
    const data = rows.slice(0, 100).map((row) => ({
      id: row.id,
      platform: row.platform,
      username: row.username,
      nickname: row.nickname,
      status: row.status,
      tenantId: row.tenant_id,
      avatarUrl: row.avatar_url,
      connectedAt: row.connected_at.toISOString(),
      permissions: row.scopes,
      missingPermissions: missingPermissions(NEEDS[row.platform] ?? {}, row.scopes),
    }));
    return { success: true, data, pagination: { nextCursor: null } };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

if (require.main === module) {
  startBareAccountList(process.env.DATABASE_URL!).then((app) => {
    console.log(`listening ${(app.server.address() as { port: number }).port}`);
    process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  });
}
