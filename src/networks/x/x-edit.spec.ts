import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { EditableDelivery, EditRequest } from '../post-edits';
import { X_ACCESS_TOKEN } from './x.fixtures';
import { X_USER_ID } from './x-publish.fixtures';
import { XAdapter } from './x.adapter';
import { XSettings } from './x.settings';

const API = 'https://api.x.com';
const settings = new XSettings('https://x.com/i/oauth2/authorize', API, APP, false);
const FIRST = '1866000000000000000';
const EDITED = '1866000000000000009';
const NOW = new Date('2026-11-26T12:00:00Z');
const request: EditRequest = {
  networkAccountId: X_USER_ID,
  tokens: { accessToken: X_ACCESS_TOKEN },
  app: APP,
  platformPostId: FIRST,
  text: 'Baked at dawn, sold by noon',
  progress: { tweetIds: [FIRST, '1866000000000000001'], uploads: [] },
  resuming: false,
};
const delivery = (changes: Partial<EditableDelivery> = {}): EditableDelivery => ({
  publishedAt: new Date(NOW.getTime() - 10 * 60_000),
  traits: { subscriptionType: 'Premium' },
  editsMade: 0,
  progress: {},
  hasMedia: false,
  ...changes,
});

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { edits: new XAdapter(settings, http).textEdits, http };
}

describe("X edits (X's rules, contracts/x/edit-rules.json)", () => {
  const { edits } = adapterWith();

  it('lets a subscribed account edit a post without media within 30 minutes, up to 5 times', () => {
    expect(edits.refusal(delivery(), NOW)).toBeUndefined();
    expect(edits.refusal(delivery({ traits: { subscriptionType: 'Basic' }, editsMade: 4 }), NOW)).toBeUndefined();
  });

  it('refuses, before any call: no subscription, the window closed, the edits used up, media', () => {
    const code = (changes: Partial<EditableDelivery>) => edits.refusal(delivery(changes), NOW)?.code;
    expect(code({ traits: { subscriptionType: 'None' } })).toBe('edit_requires_subscription');
    expect(code({ traits: {} })).toBe('edit_requires_subscription');
    expect(code({ publishedAt: new Date(NOW.getTime() - 31 * 60_000) })).toBe('edit_window_closed');
    expect(code({ editsMade: 5 })).toBe('edit_limit_reached');
    expect(code({ hasMedia: true })).toBe('edit_not_supported');
  });
});

describe('XAdapter.textEdits.editText', () => {
  it('sends the edit with edit_options; the new id becomes the thread head', async () => {
    const { edits, http } = adapterWith(
      answer(201, { data: { id: EDITED, text: request.text, edit_history_post_ids: [FIRST, EDITED] } }),
    );
    const outcome = await edits.editText(request);
    expect(http.requests).toEqual([
      {
        method: 'POST',
        url: `${API}/2/tweets`,
        headers: { Authorization: `Bearer ${X_ACCESS_TOKEN}` },
        json: { text: request.text, edit_options: { previous_post_id: FIRST } },
      },
    ]);
    expect(outcome.platformPostId).toBe(EDITED);
    expect(outcome.progress).toEqual(expect.objectContaining({ tweetIds: [EDITED, '1866000000000000001'] }));
  });

  it('after a lost answer, adopts the version the edit history shows instead of editing again', async () => {
    const { edits, http } = adapterWith(
      answer(200, { data: { id: FIRST, text: 'Baked at dawn', edit_history_post_ids: [FIRST, EDITED] } }),
    );
    const outcome = await edits.editText({ ...request, resuming: true });
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([`GET ${API}/2/tweets/${FIRST}`]);
    expect(outcome.platformPostId).toBe(EDITED);
  });

  it('after a lost answer that never reached X, edits once', async () => {
    const { edits, http } = adapterWith(
      answer(200, { data: { id: FIRST, text: 'Baked at dawn', edit_history_post_ids: [FIRST] } }),
      answer(201, { data: { id: EDITED, text: request.text, edit_history_post_ids: [FIRST, EDITED] } }),
    );
    expect((await edits.editText({ ...request, resuming: true })).platformPostId).toBe(EDITED);
    expect(http.requests.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `GET ${API}/2/tweets/${FIRST}`,
      `POST ${API}/2/tweets`,
    ]);
  });
});
