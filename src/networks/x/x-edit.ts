import { xEditRules } from '../../contracts';
import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import type { EditableDelivery, EditOutcome, EditRefusal, EditRequest, TextEditing } from '../post-edits';
import { XApi } from './x-api';
import { readXProgress, xProgressJson } from './x-progress';
import { xSubscriptionOf } from './x-subscription';

const MINUTE_MS = 60_000;

/**
 * An X post edited through `POST /2/tweets` with `edit_options.previous_post_id` (X's
 * CreatePostsRequest, contracts/x/openapi.json): X makes a new post with a new id, the previous one
 * staying in its edit history (`edit_history_post_ids`, oldest first). X's rules
 * (contracts/x/edit-rules.json, from https://docs.x.com/x-api/fundamentals/edit-posts): within 30
 * minutes of posting, at most 5 edits, for an account whose subscription allows it; those are
 * refused here before any call. A post with media is not edited (the edit would have to name its
 * media again, and their upload ids expire).
 *
 * An edit is not idempotent (each makes a new id), so an attempt after a lost answer (`resuming`)
 * first reads the post's edit history and adopts a newer version it finds instead of editing again.
 */
export function xTextEdits(api: (request: EditRequest) => XApi): TextEditing {
  return {
    refusal(delivery: EditableDelivery, now: Date): EditRefusal | undefined {
      return xEditRefusal(delivery, now);
    },
    async editText(request: EditRequest): Promise<EditOutcome> {
      const x = api(request);
      const adopted = request.resuming ? await newerVersion(x, request) : undefined;
      const id = adopted ?? (await sendEdit(x, request));
      return { platformPostId: id, progress: withHead(request, id) };
    },
  };
}

/** X's refusals, as its edit rules state them, before anything is sent. */
export function xEditRefusal(delivery: EditableDelivery, now: Date): EditRefusal | undefined {
  const rules = xEditRules();
  const subscription = xSubscriptionOf(delivery.traits);
  if (delivery.hasMedia)
    return {
      code: 'edit_not_supported',
      message:
        'The service edits the text of an X post without media only (an edit would have to name its media again)',
    };
  if (subscription === undefined || !rules.subscriptions.values.includes(subscription))
    return {
      code: 'edit_requires_subscription',
      message: `X lets only subscribed accounts edit posts; this account's subscription is ${subscription ?? 'None'}`,
    };
  const closes = delivery.publishedAt.getTime() + rules.windowMinutes.value * MINUTE_MS;
  if (now.getTime() > closes)
    return {
      code: 'edit_window_closed',
      message: `X lets a post be edited within ${rules.windowMinutes.value} minutes of posting; this one's window closed at ${new Date(closes).toISOString()}`,
    };
  if (delivery.editsMade >= rules.maxEdits.value)
    return {
      code: 'edit_limit_reached',
      message: `X lets a post be edited at most ${rules.maxEdits.value} times; this one has been`,
    };
  return undefined;
}

async function sendEdit(api: XApi, request: EditRequest): Promise<string> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/tweets'),
    headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
    json: { text: request.text, edit_options: { previous_post_id: request.platformPostId } },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const id = data ? stringField(data, 'id') : undefined;
  if (!id) throw api.unexpected('no data.id in the answer to POST /2/tweets (edit)');
  return id;
}

/**
 * The post's newest version when its edit history (`GET /2/tweets/:id`, whose
 * `edit_history_post_ids` X answers by default, oldest first) goes past the id we hold: the lost
 * edit reached X. Undefined when it did not.
 */
async function newerVersion(api: XApi, request: EditRequest): Promise<string | undefined> {
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/tweets/${encodeURIComponent(request.platformPostId)}`),
    headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const history = (data ? (arrayField(data, 'edit_history_post_ids') ?? []) : []).filter(
    (id): id is string => typeof id === 'string',
  );
  const at = history.indexOf(request.platformPostId);
  return at >= 0 && at < history.length - 1 ? history[history.length - 1] : undefined;
}

/** The thread's head becomes the edited post, so unpublishing deletes the version X shows. */
function withHead(request: EditRequest, id: string): EditRequest['progress'] {
  const progress = readXProgress(request.progress);
  const tweetIds = progress.tweetIds.length ? [id, ...progress.tweetIds.slice(1)] : [id];
  return { ...request.progress, ...xProgressJson({ ...progress, tweetIds }) };
}
