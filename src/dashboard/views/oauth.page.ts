import { RedirectUrl } from '../../customers';
import { NetworkAppSummary } from '../../networks';
import { AppOption } from '../../networks';
import { FormError } from '../dashboard-errors';
import { ROUTES } from '../routes';
import { when } from './format';
import { html, SafeHtml } from './html';
import { csrfField, formError, layout, notice, PageContext } from './layout';

export interface NetworkSetup {
  id: string;
  displayName: string;
  callbackUrl: string;
  app: NetworkAppSummary | undefined;
  /** The app settings this network knows (Meta's); none for the others. */
  options: readonly AppOption[];
}

/** The fields of the app settings a network knows, filled with the saved app's. */
function optionFields(network: NetworkSetup): SafeHtml | null {
  const has = (option: AppOption) => network.options.includes(option);
  const app = network.app;
  const id = network.id;
  return html`${
    has('loginConfigId')
      ? html`<label for="login-config-${id}">Facebook Login for Business configuration id (optional)</label>
<input id="login-config-${id}" name="login_config_id" type="text" inputmode="numeric" maxlength="64" autocomplete="off" value="${app?.loginConfigId ?? ''}">`
      : null
  }${
    has('requireAppSecretProof')
      ? html`<label><input name="require_appsecret_proof" type="checkbox"${app?.requireAppSecretProof ? html` checked` : null}> The app requires the app secret (appsecret_proof on every call)</label>`
      : null
  }${
    has('businessAccess')
      ? html`<label><input name="business_access" type="checkbox"${app?.businessAccess ? html` checked` : null}> Pages are reached through a Business Manager role (asks business_management)</label>`
      : null
  }`;
}

export interface OAuthPageState {
  redirectUrls: RedirectUrl[];
  networks: NetworkSetup[];
  done?: string;
  /** Which form the error belongs to: 'redirect-urls' or a network id. */
  error?: { form: string; value?: string } & FormError;
}

export function oauthPage(context: PageContext, state: OAuthPageState): SafeHtml {
  const errorFor = (form: string) =>
    state.error?.form === form ? formError(state.error.message, state.error.details) : null;
  const urls = state.redirectUrls.length
    ? html`<ul class="plain">${state.redirectUrls.map(
        (url) => html`<li><code>${url.url}</code>
<form method="post" action="${ROUTES.oauth}/redirect-urls/remove" class="inline">${csrfField(context.session)}<input type="hidden" name="url" value="${url.url}">
<button type="submit" class="link" aria-label="Remove ${url.url}">Remove</button></form></li>`,
      )}</ul>`
    : html`<p class="muted">No redirect URLs yet: the connect flow refuses every redirect_uri until you add one.</p>`;
  const networks = state.networks.map(
    (network) => html`<section class="card" aria-labelledby="net-${network.id}">
<h2 id="net-${network.id}">${network.displayName}</h2>
<p>Callback URL to register in your ${network.displayName} app:</p>
<div class="secret"><code id="callback-${network.id}">${network.callbackUrl}</code>
<button type="button" class="secondary" data-copy="callback-${network.id}">Copy callback URL</button></div>
<p>${
      network.app
        ? html`Your own app is set: client id <code>${network.app.clientId}</code>, updated ${when(network.app.updatedAt)}. The secret is stored encrypted and never shown.`
        : html`<span class="muted">No app of your own: the service-wide app (or the emulator) is used.</span>`
    }</p>
${errorFor(network.id)}
<form method="post" action="${ROUTES.oauth}/apps/${network.id}" class="stack">
${csrfField(context.session)}
<label for="client-id-${network.id}">${network.displayName} client id</label>
<input id="client-id-${network.id}" name="client_id" type="text" required maxlength="512" autocomplete="off" value="${network.app?.clientId ?? ''}">
<label for="client-secret-${network.id}">${network.displayName} client secret</label>
<input id="client-secret-${network.id}" name="client_secret" type="password" required maxlength="1024" autocomplete="new-password">
${optionFields(network)}
<div><button type="submit">Save ${network.displayName} app</button></div>
</form>
</section>`,
  );
  return layout(
    context,
    'oauth',
    'OAuth',
    html`${notice(state.done)}
<section class="card" aria-labelledby="redirect-heading">
<h2 id="redirect-heading">Allowed redirect URLs</h2>
<p>Where the connect flow may send your users back (scheme, host, port and path must match).</p>
${urls}
${errorFor('redirect-urls')}
<form method="post" action="${ROUTES.oauth}/redirect-urls" class="stack">
${csrfField(context.session)}
<label for="redirect-url">Redirect URL</label>
<input id="redirect-url" name="url" type="url" required maxlength="2048" placeholder="https://app.example.com/connected" value="${state.error?.form === 'redirect-urls' ? (state.error.value ?? '') : ''}">
<div><button type="submit">Add redirect URL</button></div>
</form>
</section>
${networks}`,
  );
}
