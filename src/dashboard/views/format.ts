import type { CustomerMode } from '../../customers';
import { html, SafeHtml } from './html';

/** A time as UTC to the minute, in a <time> element carrying the exact instant. */
export function when(value: Date | string | null | undefined): SafeHtml {
  if (!value) return html`<span class="muted">never</span>`;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace('T', ' ')} UTC</time>`;
}

/** A status as a labelled badge; its class only ever comes from this list. */
const TONES: Record<string, string> = {
  active: 'good',
  published: 'good',
  delivered: 'good',
  sent: 'good',
  expired: 'warn',
  pending: 'warn',
  queued: 'warn',
  scheduled: 'warn',
  publishing: 'warn',
  sending: 'warn',
  deleting: 'warn',
  partially_published: 'warn',
  retry_later: 'warn',
  failed: 'bad',
  disconnected: 'muted',
  canceled: 'muted',
  draft: 'muted',
  deleted: 'muted',
  skipped: 'muted',
  revoked: 'muted',
  disabled: 'bad',
};

export function badge(status: string): SafeHtml {
  return html`<span class="badge ${TONES[status] ?? 'muted'}">${status.replace(/_/g, ' ')}</span>`;
}

/** A key's (or event's) mode, told apart by word and colour: live is real, test touches nothing real. */
export function modeBadge(mode: CustomerMode): SafeHtml {
  return html`<span class="badge mode-${mode}">${mode === 'live' ? 'Live' : 'Test'}</span>`;
}

/** An external link that leaks nothing of the dashboard, shown only for http(s) addresses. */
export function externalLink(url: string | null | undefined): SafeHtml {
  if (!url) return html`<span class="muted">none</span>`;
  if (!/^https?:\/\//i.test(url)) return html`${url}`;
  return html`<a href="${url}" rel="noopener noreferrer" target="_blank">${url}</a>`;
}

export function options(values: readonly string[], selected: string | undefined, anyLabel = 'Any'): SafeHtml {
  return html`<option value="">${anyLabel}</option>${values.map((value) => html`<option value="${value}"${value === selected ? html` selected` : null}>${value.replace(/_/g, ' ')}</option>`)}`;
}
