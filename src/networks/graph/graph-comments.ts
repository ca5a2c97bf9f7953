import { stringField } from '../http/json-fields';
import { GraphApi } from './graph-api';
import { createdId, graphEdge, graphPost, node } from './graph-publishing';

/** How many of a post's comments are read when looking for one that may already have been made. */
const COMMENTS_LOOKED_AT = '100';

export interface GraphThreadRequest {
  api: GraphApi;
  accessToken: string;
  /** The post or medium the comments go under. */
  parentId: string;
  /** The texts of the thread parts after the post, in order. */
  texts: string[];
  /** Ids of the comments already made, in order: a prefix of `texts`. */
  done: readonly string[];
  /** The first comment not yet recorded may have been made by an attempt that was cut off. */
  resuming: boolean;
  /** The field a comment's text is read from: `message` on Facebook, `text` on Instagram. */
  textField: 'message' | 'text';
  /** Records the comments made so far, before the next one is sent. */
  save(done: string[]): Promise<void>;
}

/**
 * Posts a thread as comments under its post (`POST /{id}/comments message=…`), one at a time,
 * recording each before the next. When resuming, the comment that was in flight is first looked
 * for among the post's comments (`GET /{id}/comments`) and adopted if it is there.
 */
export async function publishGraphComments(request: GraphThreadRequest): Promise<string[]> {
  const { api, accessToken, parentId, texts } = request;
  const done = [...request.done];
  for (let index = done.length; index < texts.length; index++) {
    const text = texts[index];
    const inFlight = request.resuming && index === request.done.length;
    const existing = inFlight ? await findComment(request, text, done) : undefined;
    const id =
      existing ??
      createdId(api, await graphPost(api, node(parentId, 'comments'), accessToken, { message: text }), 'a comment');
    done.push(id);
    await request.save([...done]);
  }
  return done;
}

async function findComment(
  request: GraphThreadRequest,
  text: string,
  taken: readonly string[],
): Promise<string | undefined> {
  const { api, accessToken, parentId, textField } = request;
  const comments = await graphEdge(api, node(parentId, 'comments'), accessToken, {
    fields: `id,${textField}`,
    limit: COMMENTS_LOOKED_AT,
  });
  // Comments come oldest first; the one we are looking for is the newest with this text.
  const match = comments
    .reverse()
    .find((comment) => stringField(comment, textField) === text && !taken.includes(stringField(comment, 'id') ?? ''));
  return match ? stringField(match, 'id') : undefined;
}
