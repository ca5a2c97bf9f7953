import { ApiKey } from '../../auth';
import type { KeyWithMode } from '../../auth';
import type { CustomerMode } from '../../customers';
import { ROUTES } from '../routes';
import { badge, modeBadge, when } from './format';
import { html, SafeHtml } from './html';
import { csrfField, layout, notice, PageContext } from './layout';

export interface ApiKeysPageState {
  /** The keys of the live world and of the test world, each with its mode. */
  keys: KeyWithMode[];
  /** The whole key, right after it was created: shown this once. */
  created?: { key: ApiKey; plaintext: string; mode: CustomerMode };
  done?: string;
}

const WHAT_A_MODE_DOES: Record<CustomerMode, string> = {
  live: 'It acts on your real connected accounts and posts.',
  test: 'It acts in your test world: its own accounts, posts, events and webhook, apart from the live ones. Your redirect URLs hold there too.',
};

export function apiKeysPage(context: PageContext, state: ApiKeysPageState): SafeHtml {
  // A new key defaults to the world on screen: someone looking at test data is making a test key.
  const viewing = context.session.viewing;
  const created = state.created
    ? html`<section class="card" aria-labelledby="new-key-heading">
<h2 id="new-key-heading">Your new ${state.created.mode} API key ${modeBadge(state.created.mode)}</h2>
<p>Copy it now: it is shown only this once, and only its hash is kept. ${WHAT_A_MODE_DOES[state.created.mode]}</p>
<div class="secret"><code id="new-api-key">${state.created.plaintext}</code>
<button type="button" class="secondary" data-copy="new-api-key">Copy key</button></div>
</section>`
    : null;
  const rows = state.keys.map(
    ({ key, mode }) => html`<tr>
<td>${modeBadge(mode)}</td><td><code>${key.displayPrefix}…</code></td><td>${key.name ?? html`<span class="muted">no name</span>`}</td><td>${when(key.createdAt)}</td><td>${when(key.lastUsedAt)}</td>
<td>${key.revokedAt ? html`${badge('revoked')} ${when(key.revokedAt)}` : badge('active')}</td>
<td>${key.revokedAt ? null : html`<a href="${ROUTES.apiKeys}/${key.id}/revoke">Revoke<span class="skip"> ${mode} key ${key.displayPrefix}</span></a>`}</td>
</tr>`,
  );
  return layout(
    context,
    'api-keys',
    'API keys',
    html`${notice(state.done)}${created}
<section class="card" aria-labelledby="create-heading">
<h2 id="create-heading">Create a key</h2>
<form method="post" action="${ROUTES.apiKeys}" class="stack">
${csrfField(context.session)}
<label for="key-name">Name (optional)</label>
<input id="key-name" name="name" type="text" maxlength="100" placeholder="e.g. production backend">
<fieldset class="choice"><legend>Mode</legend>
<label><input type="radio" name="mode" value="live"${viewing === 'live' ? html` checked` : null}> <span>Live</span></label>
<label><input type="radio" name="mode" value="test"${viewing === 'test' ? html` checked` : null}> <span>Test: <code>sps_test_…</code>, a world of its own</span></label>
</fieldset>
<div><button type="submit">Create key</button></div>
</form>
</section>
<section class="card" aria-labelledby="keys-heading">
<h2 id="keys-heading">Keys</h2>
${
  state.keys.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Mode</th><th scope="col">Prefix</th><th scope="col">Name</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="skip">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p class="muted">No keys yet.</p>`
}
</section>`,
  );
}

export function revokeKeyPage(context: PageContext, { key, mode }: KeyWithMode): SafeHtml {
  return layout(
    context,
    'api-keys',
    'Revoke API key',
    html`<section class="card">
<p>Revoke the ${mode} key <code>${key.displayPrefix}…</code>${key.name ? html` (${key.name})` : null} ${modeBadge(mode)}? Requests with it are refused from the next one on. This cannot be undone.</p>
<form method="post" action="${ROUTES.apiKeys}/${key.id}/revoke" class="inline">
${csrfField(context.session)}
<button type="submit" class="danger">Revoke key</button>
</form>
<a href="${ROUTES.apiKeys}">Cancel</a>
</section>`,
  );
}
