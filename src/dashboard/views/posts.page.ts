import { CommentRequestView } from '../../comments';
import { PostMetricsView } from '../../metrics';
import { DeliveryAttemptView, PostView } from '../../posts';
import { POST_STATUSES } from '../../posts';
import { PostDetail } from '../readers/posts.reader';
import { ROUTES } from '../routes';
import { tenantFilter } from './accounts.page';
import { badge, externalLink, options, when } from './format';
import { html, SafeHtml } from './html';
import { layout, PageContext } from './layout';
import { commentsSection } from './comments.section';
import { deliveryPreviewsSection } from './delivery-preview.section';
import { metricsSection } from './metrics.section';
import { attemptsSection } from './attempts.section';

export interface PostsPageState {
  posts: PostView[];
  filters: { tenantId?: string; status?: string };
  limit: number;
}

export function postsPage(context: PageContext, state: PostsPageState): SafeHtml {
  const rows = state.posts.map(
    (
      post,
    ) => html`<tr><td><a href="${ROUTES.posts}/${post.id}"><code>${post.id}</code></a></td><td>${post.tenantId}</td><td>${badge(post.status)}</td>
<td>${post.deliveries.map((delivery) => html`${delivery.platform} ${badge(delivery.status)} `)}</td><td>${when(post.createdAt)}</td></tr>`,
  );
  return layout(
    context,
    'posts',
    'Posts',
    html`<form method="get" action="${ROUTES.posts}" class="filters" role="search">
${tenantFilter(state.filters.tenantId)}
<div><label for="filter-status">Status</label><select id="filter-status" name="status">${options(POST_STATUSES, state.filters.status)}</select></div>
<div><button type="submit" class="secondary">Search</button></div>
</form>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Post</th><th scope="col">Tenant</th><th scope="col">Status</th><th scope="col">Deliveries</th><th scope="col">Created</th></tr></thead><tbody>${rows}</tbody></table></div>
${rows.length >= state.limit ? html`<p class="muted">Showing the newest ${state.limit}; narrow the search to see others.</p>` : null}`
    : html`<p class="muted">No posts match.</p>`
}`,
  );
}

/** What the post page shows beside the post: its last metrics, and the answers asked for under it. */
export interface PostExtras {
  metrics: PostMetricsView;
  answers: CommentRequestView[];
  /** By delivery id, its first attempts (see attemptsSection). */
  attempts: Record<string, DeliveryAttemptView[]>;
}

export function postPage(context: PageContext, detail: PostDetail, extras: PostExtras): SafeHtml {
  const { view } = detail;
  const deliveries = view.deliveries.map(
    (
      delivery,
    ) => html`<tr><td><a href="${ROUTES.accounts}/${delivery.accountId}"><code>${delivery.accountId}</code></a><br>${delivery.platform}</td><td>${badge(delivery.status)}</td>
<td>${externalLink(delivery.permalink)}</td><td>${delivery.attempts}</td><td>${delivery.error ? html`<strong>${delivery.error.code}</strong>: ${delivery.error.message}` : html`<span class="muted">none</span>`}</td><td>${when(delivery.publishedAt)}${delivery.deletedAt ? html`<br>deleted ${when(delivery.deletedAt)}` : null}</td></tr>`,
  );
  return layout(
    context,
    'posts',
    `Post ${view.id}`,
    html`<section class="card"><dl class="facts">
<dt>Status</dt><dd>${badge(view.status)}</dd><dt>Tenant</dt><dd>${view.tenantId}</dd><dt>Created</dt><dd>${when(view.createdAt)}</dd>
${view.scheduledAt ? html`<dt>Scheduled for</dt><dd>${when(view.scheduledAt)}</dd>` : null}
${detail.texts.map((text, index) => html`<dt>${index === 0 ? 'Text' : `Thread ${index}`}</dt><dd>${text || html`<span class="muted">(media only)</span>`}</dd>`)}
</dl></section>
<section class="card" aria-labelledby="deliveries-heading"><h2 id="deliveries-heading">Deliveries</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">Account</th><th scope="col">Status</th><th scope="col">Permalink</th><th scope="col">Attempts</th><th scope="col">Error</th><th scope="col">Published</th></tr></thead><tbody>${deliveries}</tbody></table></div>
</section>
${attemptsSection(view.deliveries, extras.attempts)}
${deliveryPreviewsSection(view.deliveries, detail.previews)}
${metricsSection(extras.metrics)}
${commentsSection(view.id, view.deliveries, extras.answers)}
<p><a href="${ROUTES.posts}">All posts</a></p>`,
  );
}
