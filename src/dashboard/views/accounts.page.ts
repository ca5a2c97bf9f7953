import { AccountView } from '../../accounts';
import { ACCOUNT_STATUSES } from '../../accounts';
import { ROUTES } from '../routes';
import { badge, options, when } from './format';
import { html, SafeHtml } from './html';
import { csrfField, layout, notice, PageContext } from './layout';

export interface AccountsPageState {
  accounts: AccountView[];
  filters: { tenantId?: string; status?: string };
  limit: number;
  done?: string;
}

export function tenantFilter(value: string | undefined): SafeHtml {
  return html`<div><label for="filter-tenant">Tenant</label><input id="filter-tenant" name="tenant" type="text" maxlength="128" value="${value ?? ''}" placeholder="any tenant"></div>`;
}

export function accountsPage(context: PageContext, state: AccountsPageState): SafeHtml {
  const rows = state.accounts.map(
    (
      account,
    ) => html`<tr><td><a href="${ROUTES.accounts}/${account.id}">${account.nickname || account.username}</a><br><span class="muted">@${account.username}</span></td>
<td>${account.platform}</td><td>${account.tenantId}</td><td>${badge(account.status)}</td><td>${when(account.connectedAt)}</td></tr>`,
  );
  return layout(
    context,
    'accounts',
    'Accounts',
    html`${notice(state.done)}
<form method="get" action="${ROUTES.accounts}" class="filters" role="search">
${tenantFilter(state.filters.tenantId)}
<div><label for="filter-status">Status</label><select id="filter-status" name="status">${options(ACCOUNT_STATUSES, state.filters.status)}</select></div>
<div><button type="submit" class="secondary">Search</button></div>
</form>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Account</th><th scope="col">Network</th><th scope="col">Tenant</th><th scope="col">Status</th><th scope="col">Connected</th></tr></thead><tbody>${rows}</tbody></table></div>
${rows.length >= state.limit ? html`<p class="muted">Showing the newest ${state.limit}; narrow the search to see others.</p>` : null}`
    : html`<p class="muted">No accounts match.</p>`
}`,
  );
}

export function accountPage(context: PageContext, account: AccountView): SafeHtml {
  return layout(
    context,
    'accounts',
    `Account ${account.nickname || account.username}`,
    html`<section class="card"><dl class="facts">
<dt>Id</dt><dd><code>${account.id}</code></dd><dt>Network</dt><dd>${account.platform}</dd><dt>Username</dt><dd>@${account.username}</dd>
<dt>Name</dt><dd>${account.nickname}</dd><dt>Tenant</dt><dd>${account.tenantId}</dd><dt>Status</dt><dd>${badge(account.status)}</dd><dt>Connected</dt><dd>${when(account.connectedAt)}</dd>
<dt>Permissions</dt><dd>${account.permissions.join(', ') || 'none recorded'}</dd>
</dl>
${
  account.missingPermissions.length
    ? html`<p role="note">Not granted, so refused before anything is sent: ${account.missingPermissions
        .map((missing) => `${missing.feature} (${missing.permissions.join(', ')})`)
        .join('; ')}. Reconnecting the account asks for them again.</p>`
    : null
}
${account.status === 'disconnected' ? null : html`<p><a href="${ROUTES.accounts}/${account.id}/disconnect">Disconnect this account</a></p>`}
</section>
<p><a href="${ROUTES.posts}?tenant=${encodeURIComponent(account.tenantId)}">Posts of tenant ${account.tenantId}</a> · <a href="${ROUTES.accounts}">All accounts</a></p>`,
  );
}

export function disconnectAccountPage(context: PageContext, account: AccountView): SafeHtml {
  return layout(
    context,
    'accounts',
    'Disconnect account',
    html`<section class="card">
<p>Disconnect <strong>@${account.username}</strong> (${account.platform}, tenant ${account.tenantId})? The connection is revoked at the network and the stored tokens are deleted. Queued posts to it will fail. Connecting it again later keeps its id.</p>
<form method="post" action="${ROUTES.accounts}/${account.id}/disconnect" class="inline">${csrfField(context.session)}<button type="submit" class="danger">Disconnect account</button></form>
<a href="${ROUTES.accounts}/${account.id}">Cancel</a>
</section>`,
  );
}
