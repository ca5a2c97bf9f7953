import { DeliveryView } from '../../posts';
import type { DeliveryPreview, PreviewMedium } from '../readers/delivery-preview';
import { badge, externalLink } from './format';
import { html, SafeHtml } from './html';

/** The network options a delivery was accepted with (options.<network>, the account's override on top), as sent in the request. */
function optionsOf(options: Record<string, unknown> | undefined): SafeHtml {
  // Views stored for an idempotent replay before options existed have none.
  if (!options || Object.keys(options).length === 0) return html`<span class="muted">none</span>`;
  return html`<code>${JSON.stringify(options)}</code>`;
}

function medium(shown: PreviewMedium, index: number): SafeHtml {
  const name = shown.altText ?? `${shown.kind} ${index + 1}`;
  if (shown.thumbnailUrl) return html`<li><img src="${shown.thumbnailUrl}" alt="${name}" loading="lazy"></li>`;
  if (shown.externalUrl)
    return html`<li>${shown.kind} at <code>${shown.externalUrl}</code> <span class="muted">(your address: not loaded here)</span></li>`;
  return html`<li>${shown.kind} (uploaded)${shown.altText ? html`: ${shown.altText}` : null}</li>`;
}

function containers(preview: DeliveryPreview): SafeHtml {
  return html`${preview.containers.map(
    (
      container,
      index,
    ) => html`<p class="muted">${index === 0 ? 'Text' : `Thread ${index}`}${preview.own && index === 0 ? ' (its own)' : ''}</p>
<p class="preview-text">${container.text || html`<span class="muted">(media only)</span>`}</p>
${container.media.length ? html`<ul class="thumbs">${container.media.map(medium)}</ul>` : null}`,
  )}`;
}

/**
 * What each delivery published (or will): its text and media as resolved for its account (the
 * post's, its network's or its account's own), the network's permalink, and its options.
 */
export function deliveryPreviewsSection(
  deliveries: readonly DeliveryView[],
  previews: Readonly<Record<string, DeliveryPreview>>,
): SafeHtml {
  return html`<section class="card" aria-labelledby="previews-heading"><h2 id="previews-heading">What each delivery published</h2>
${deliveries.map((delivery) => {
  const preview = previews[delivery.id];
  return html`<article class="preview" id="preview-${delivery.id}" aria-labelledby="preview-${delivery.id}-heading">
<h3 id="preview-${delivery.id}-heading">${delivery.platform} <code>${delivery.accountId}</code> ${badge(delivery.status)}</h3>
<dl class="facts"><dt>Permalink</dt><dd>${externalLink(delivery.permalink)}</dd><dt>Options</dt><dd>${optionsOf(delivery.options)}</dd></dl>
${preview ? containers(preview) : null}
</article>`;
})}
</section>`;
}
