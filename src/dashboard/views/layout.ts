import { DashboardSession } from '../session/dashboard-sessions.service';
import { CSRF_FIELD } from '../session/csrf';
import { ROUTES } from '../routes';
import { html, HtmlValue, SafeHtml } from './html';

export type Section = 'overview' | 'api-keys' | 'oauth' | 'webhook' | 'accounts' | 'posts';

const NAV: Array<{ section: Section; href: string; label: string }> = [
  { section: 'overview', href: ROUTES.overview, label: 'Overview' },
  { section: 'api-keys', href: ROUTES.apiKeys, label: 'API keys' },
  { section: 'oauth', href: ROUTES.oauth, label: 'OAuth' },
  { section: 'webhook', href: ROUTES.webhook, label: 'Webhook' },
  { section: 'accounts', href: ROUTES.accounts, label: 'Accounts' },
  { section: 'posts', href: ROUTES.posts, label: 'Posts' },
];

export interface PageContext {
  session: DashboardSession;
  /** Networks the built-in emulator stands in for (empty when none). */
  emulatedNetworks: string[];
}

/** The hidden field every form of a signed-in page carries. */
export function csrfField(session: DashboardSession): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${session.csrfToken}">`;
}

function document(title: string, body: HtmlValue): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Social Publishing</title>
<link rel="stylesheet" href="${ROUTES.stylesheet}">
<script src="${ROUTES.script}" defer></script>
</head>
<body>
${body}
</body>
</html>`;
}

/**
 * The Live / Test switch: which world the pages show. It posts the section the user is on, and the
 * session comes back to it looking at the other world.
 */
function viewingSwitch(session: DashboardSession, section: Section): SafeHtml {
  const back = NAV.find((item) => item.section === section)?.href ?? ROUTES.overview;
  const button = (viewing: DashboardSession['viewing'], label: string) =>
    html`<button type="submit" name="viewing" value="${viewing}" class="${viewing}" aria-pressed="${session.viewing === viewing ? 'true' : 'false'}">${label}</button>`;
  return html`<form method="post" action="${ROUTES.viewing}" class="viewing" aria-label="Data shown">
    ${csrfField(session)}<input type="hidden" name="back" value="${back}">
    ${button('live', 'Live')}${button('test', 'Test')}
  </form>`;
}

/** A page of a signed-in user: navigation, the Live / Test switch, who is signed in, sign-out, and the banners. */
export function layout(context: PageContext, section: Section, title: string, content: HtmlValue): SafeHtml {
  const { session } = context;
  const testData =
    session.viewing === 'test'
      ? html`<p class="banner test-data" role="status"><strong>Test data.</strong> You are looking at your test world: what test keys (<code>sps_test_…</code>) made. Live keys never see it, and it never reaches a real network.</p>`
      : null;
  const banner = context.emulatedNetworks.length
    ? html`<p class="banner" role="status"><strong>Network emulator on:</strong> ${context.emulatedNetworks.join(', ')} ${context.emulatedNetworks.length === 1 ? 'is' : 'are'} simulated. Nothing is published to the real network.</p>`
    : null;
  return document(
    title,
    html`<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <span class="brand">Social Publishing</span>
  <nav aria-label="Dashboard">
    <ul>${NAV.map((item) => html`<li><a href="${item.href}"${item.section === section ? html` aria-current="page"` : null}>${item.label}</a></li>`)}</ul>
  </nav>
  ${viewingSwitch(session, section)}
  <form method="post" action="${ROUTES.signOut}" class="who">
    ${csrfField(session)}
    <span>${session.email} · ${session.customerName}${session.viewing === 'test' ? ' (test)' : ''}</span>
    <button type="submit" class="link">Sign out</button>
  </form>
</header>
${testData}${banner}
<main id="main">
<h1>${title}</h1>
${content}
</main>`,
  );
}

/** A page without navigation: sign-in, and errors. */
export function bareLayout(title: string, content: HtmlValue): SafeHtml {
  return document(title, html`<main id="main" class="narrow"><h1>${title}</h1>${content}</main>`);
}

export function notice(message: string | undefined): SafeHtml | null {
  return message ? html`<p class="notice" role="status">${message}</p>` : null;
}

export function formError(message: string | undefined, details: string[] = []): SafeHtml | null {
  if (!message) return null;
  return html`<div class="error" role="alert"><p>${message}</p>${details.length ? html`<ul>${details.map((detail) => html`<li>${detail}</li>`)}</ul>` : null}</div>`;
}
