import { CommentView } from '../../comments';
import type { Paginated } from '../../common/http/paginated';
import { DeliveryView } from '../../posts';
import { ROUTES } from '../routes';
import { commentsHref } from './comments.section';
import { when } from './format';
import { html, SafeHtml } from './html';
import { formError, layout, PageContext } from './layout';

export interface CommentsPageState {
  postId: string;
  delivery: DeliveryView;
  /** The page read from the network, or why it could not be read. */
  read: { page: Paginated<CommentView> } | { failure: string };
}

function commentRow(comment: CommentView): SafeHtml {
  const author = comment.authorName ?? comment.authorId ?? 'unknown';
  return html`<tr><td>${author}${comment.own ? html` <span class="badge good">yours</span>` : null}</td><td>${comment.text}</td><td>${comment.replyToId ? html`<code>${comment.replyToId}</code>` : html`<span class="muted">the post</span>`}</td><td>${when(comment.createdAt)}</td><td><code>${comment.id}</code></td></tr>`;
}

/** One delivery's comments as its network answers them now, newest first, a page at a time. */
export function commentsPage(context: PageContext, state: CommentsPageState): SafeHtml {
  const { postId, delivery } = state;
  let content: SafeHtml;
  if ('failure' in state.read) content = formError(state.read.failure)!;
  else {
    const comments = state.read.page.items;
    const { nextCursor } = state.read.page.pagination;
    content = html`<p class="muted">Read from ${delivery.platform} just now, newest first.</p>
${
  comments.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Author</th><th scope="col">Comment</th><th scope="col">In reply to</th><th scope="col">Written</th><th scope="col">Id</th></tr></thead><tbody>${comments.map(commentRow)}</tbody></table></div>`
    : html`<p class="muted">No comments.</p>`
}
${nextCursor ? html`<p><a href="${commentsHref(postId, delivery.id, nextCursor)}">Older comments</a></p>` : null}`;
  }
  return layout(
    context,
    'posts',
    `Comments on ${delivery.platform}`,
    html`<p>Under <code>${delivery.platformPostId ?? ''}</code>, delivery <code>${delivery.id}</code> of post <a href="${ROUTES.posts}/${postId}"><code>${postId}</code></a>.</p>
<section class="card">${content}</section>
<p><a href="${ROUTES.posts}/${postId}">Back to the post</a></p>`,
  );
}
