import { JsonRecord, stringField } from '../http/json-fields';
import { GraphApi } from './graph-api';
import { createdId, graphEdge, graphPost, node } from './graph-publishing';

/** How many of a post's comments are read when looking for one that may already have been made. */
const COMMENTS_LOOKED_AT = '100';
/** The field a comment's time is read from, by the field of its text (Facebook's, Instagram's). */
const TIME_FIELD = { message: 'created_time', text: 'timestamp' } as const;

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
  const timeField = TIME_FIELD[textField];
  const comments = await graphEdge(api, node(parentId, 'comments'), accessToken, {
    fields: `id,${textField},${timeField}`,
    limit: COMMENTS_LOOKED_AT,
  });
  // The one we are looking for is the newest with this text. The edges do not list in one order
  // (Facebook's oldest first by default, Instagram's newest first), so it is told by its time; on
  // a tie, the later listed.
  const time = (comment: JsonRecord) => Date.parse((stringField(comment, timeField) ?? '').replace(/\+0000$/, 'Z'));
  const matches = comments.filter(
    (comment) => stringField(comment, textField) === text && !taken.includes(stringField(comment, 'id') ?? ''),
  );
  const newest = matches.reduce<JsonRecord | undefined>(
    (best, comment) => (best === undefined || !(time(comment) < time(best)) ? comment : best),
    undefined,
  );
  return newest ? stringField(newest, 'id') : undefined;
}
