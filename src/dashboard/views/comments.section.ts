import { CommentRequestView } from '../../comments';
import { DeliveryView } from '../../posts';
import { ROUTES } from '../routes';
import { badge, when } from './format';
import { html, SafeHtml } from './html';

/** Where a delivery's comments are read from its network (the comments page). */
export function commentsHref(postId: string, deliveryId: string, cursor?: string): string {
  const query = new URLSearchParams({ delivery: deliveryId, ...(cursor ? { cursor } : {}) });
  return `${ROUTES.posts}/${postId}/comments?${query.toString()}`;
}

function answerRow(answer: CommentRequestView): SafeHtml {
  const outcome = answer.error
    ? html`<strong>${answer.error.code}</strong>: ${answer.error.message}`
    : answer.platformCommentId
      ? html`<code>${answer.platformCommentId}</code>`
      : html`<span class="muted">not yet</span>`;
  return html`<tr><td>${answer.text}</td><td>${answer.replyToId ? html`<code>${answer.replyToId}</code>` : html`<span class="muted">the post</span>`}</td><td>${badge(answer.status)}</td><td>${outcome}</td><td>${when(answer.createdAt)}</td></tr>`;
}

/** How many answers the post page lists, newest first. */
export const ANSWERS_SHOWN = 100;

/**
 * A post's comments, per delivery: for a published one, a link to read them from the network
 * (reading calls the network, so it is a page of its own); for any, the answers asked for through
 * the API (a deleted delivery's too).
 */
export function commentsSection(postId: string, deliveries: DeliveryView[], answers: CommentRequestView[]): SafeHtml {
  const shown = deliveries.filter(
    (delivery) => delivery.status === 'published' || answers.some((answer) => answer.deliveryId === delivery.id),
  );
  const body = shown.length
    ? shown.map((delivery) => {
        const mine = answers.filter((answer) => answer.deliveryId === delivery.id);
        return html`<h3>${delivery.platform} <code>${delivery.platformPostId ?? ''}</code></h3>
${
  delivery.status === 'published'
    ? html`<p><a href="${commentsHref(postId, delivery.id)}">Read the comments on ${delivery.platform}</a></p>`
    : html`<p class="muted">The delivery is ${delivery.status.replace(/_/g, ' ')}: its comments cannot be read.</p>`
}
${
  mine.length
    ? html`<p id="answers-${delivery.id}">Answers sent through the API</p><div class="table-wrap"><table aria-labelledby="answers-${delivery.id}"><thead><tr><th scope="col">Answer</th><th scope="col">In reply to</th><th scope="col">Status</th><th scope="col">Comment id or error</th><th scope="col">Asked</th></tr></thead><tbody>${mine.map(answerRow)}</tbody></table></div>`
    : html`<p class="muted">No answer sent through the API.</p>`
}`;
      })
    : html`<p class="muted">No published delivery: comments are read once a delivery is published.</p>`;
  return html`<section class="card" aria-labelledby="comments-heading"><h2 id="comments-heading">Comments</h2>
${body}
${answers.length >= ANSWERS_SHOWN ? html`<p class="muted">Showing the newest ${ANSWERS_SHOWN} answers.</p>` : null}
</section>`;
}
