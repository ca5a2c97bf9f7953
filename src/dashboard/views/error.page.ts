import { ROUTES } from '../routes';
import { html, SafeHtml } from './html';
import { bareLayout } from './layout';

export function errorPage(
  status: number,
  title: string,
  message: string,
  requestId: string,
  details: string[] = [],
): SafeHtml {
  return bareLayout(
    title,
    html`<div class="error" role="alert"><p>${message}</p>${details.length ? html`<ul>${details.map((detail) => html`<li>${detail}</li>`)}</ul>` : null}</div>
<p class="muted">Status ${status} · request ${requestId}</p>
<p><a href="${ROUTES.overview}">Back to the dashboard</a></p>`,
  );
}
