import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts';
import { ConnectedAccount } from '../accounts';
import { Clock } from '../common/clock/clock';
import { SecretBox } from '../common/crypto/secret-box';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import { newId } from '../common/ids';
import { AccountTokens, SelectableAccount } from '../networks';
import { EventOutbox } from '../webhooks';
import { ConnectAttempt } from './connect-attempt.entity';
import { ConnectStore } from './connect.store';
import { PendingSessionView } from './dto/pending-session.view';
import { hashSecret, newOneTimeSecret } from './one-time-secret';
import { PendingPage, PendingSession } from './pending-session.entity';

/** How long the customer has to finalize after the user came back. */
export const SESSION_LIFETIME_MINUTES = 30;

function sessionNotFound(): ApiException {
  return ApiException.notFound('Pending session');
}

/**
 * Pending sessions: what the user may connect, until the customer finalizes (once) or 30 minutes
 * pass by the clock (a session is refused from its expiresAt on).
 */
@Injectable()
export class PendingSessionsService {
  constructor(
    private readonly database: Database,
    private readonly store: ConnectStore,
    private readonly box: SecretBox,
    private readonly accounts: AccountsService,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  /** Stores what the callback found and returns the session token for the customer's redirect. */
  async create(attempt: ConnectAttempt, selectable: SelectableAccount[]): Promise<string> {
    const token = newOneTimeSecret('ps');
    const id = newId('pendingSession');
    const pages: PendingPage[] = selectable.map((account) => ({
      id: account.id,
      name: account.name,
      username: account.username,
      pictureUrl: account.pictureUrl,
      type: account.type,
      scopes: account.scopes,
      ownerId: account.ownerId,
      ...(account.traits ? { traits: account.traits } : {}),
      tokensEncrypted: this.box.encrypt(JSON.stringify(account.tokens), this.tokenContext(id, account.id)),
    }));
    await this.store.insertPendingSession({
      id,
      tokenHash: token.hash,
      customerId: attempt.customerId,
      tenantId: attempt.tenantId,
      network: attempt.network,
      pages,
      expiresAt: new Date(this.clock.now().getTime() + SESSION_LIFETIME_MINUTES * 60_000),
      clientState: attempt.clientState,
    });
    return token.value;
  }

  async view(customerId: string, token: string): Promise<PendingSessionView> {
    const session = await this.store.findPendingSession(hashSecret(token), customerId);
    const usable = this.usable(session);
    return {
      network: usable.network,
      tenantId: usable.tenantId,
      expiresAt: usable.expiresAt.toISOString(),
      clientState: usable.clientState,
      availablePages: usable.pages.map(({ id, name, username, pictureUrl, type }) => ({
        id,
        name,
        username,
        pictureUrl,
        type,
      })),
    };
  }

  /**
   * Connects the selected pages, records account.connected for each and closes the session, all
   * in one transaction: either every selected account is connected and announced, or none is.
   */
  async finalize(customerId: string, token: string, selectedPageIds: string[]): Promise<ConnectedAccount[]> {
    return this.database.transaction(async (transaction) => {
      const session = await this.store.lockPendingSession(hashSecret(token), customerId, transaction);
      const usable = this.usable(session);
      const byId = new Map(usable.pages.map((page) => [page.id, page]));
      const unknown = selectedPageIds.filter((id) => !byId.has(id));
      if (unknown.length) {
        throw ApiException.validation(
          unknown.map((id) => ({
            field: `selectedPageIds[${selectedPageIds.indexOf(id)}]`,
            message: `${id} is not one of this session's pages`,
          })),
          `Not in this session: ${unknown.join(', ')}`,
        );
      }
      const connected: ConnectedAccount[] = [];
      for (const id of [...new Set(selectedPageIds)]) {
        const page = byId.get(id)!;
        const account = await this.accounts.connect(
          customerId,
          {
            tenantId: usable.tenantId,
            platform: usable.network,
            networkAccountId: page.id,
            username: page.username,
            nickname: page.name,
            avatarUrl: page.pictureUrl,
            tokens: this.openTokens(usable.id, page),
            scopes: page.scopes,
            networkUserId: page.ownerId,
            networkTraits: page.traits,
          },
          transaction,
        );
        await this.outbox.record(transaction, {
          customerId,
          tenantId: usable.tenantId,
          type: 'account.connected',
          data: {
            connectedAccountId: account.id,
            platform: account.platform,
            username: account.username,
            nickname: account.nickname,
            clientState: usable.clientState,
          },
        });
        connected.push(account);
      }
      await this.store.finalizePendingSession(usable.id, transaction);
      return connected;
    });
  }

  /**
   * The session if it can still be used at the clock's time: another customer's or an expired one
   * (from its expiresAt on) is a 404, a finalized one a 409.
   */
  private usable(session: PendingSession | null): PendingSession {
    if (!session || session.expiresAt.getTime() <= this.clock.now().getTime()) throw sessionNotFound();
    if (session.finalizedAt)
      throw ApiException.conflict('This pending session was already finalized', 'session_already_finalized');
    return session;
  }

  private openTokens(sessionId: string, page: PendingPage): AccountTokens {
    const tokens = JSON.parse(
      this.box.decrypt(page.tokensEncrypted, this.tokenContext(sessionId, page.id)),
    ) as AccountTokens & { expiresAt?: string };
    return { ...tokens, expiresAt: tokens.expiresAt ? new Date(tokens.expiresAt) : undefined };
  }

  private tokenContext(sessionId: string, pageId: string): string {
    return `pending_sessions.tokens:${sessionId}:${pageId}`;
  }
}
