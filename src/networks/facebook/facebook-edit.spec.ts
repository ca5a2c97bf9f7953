import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import type { EditableDelivery, EditRequest } from '../post-edits';
import { FacebookAdapter } from './facebook.adapter';
import { GRAPH } from './facebook.fixtures';
import { PAGE_ID, PAGE_TOKEN } from './facebook-publish.fixtures';
import { FacebookSettings } from './facebook.settings';
import { contractViolations } from './graph-contract.testing';

const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);
const POST_ID = `${PAGE_ID}_555`;
const request: EditRequest = {
  networkAccountId: PAGE_ID,
  tokens: { accessToken: PAGE_TOKEN },
  app: APP,
  platformPostId: POST_ID,
  text: 'Edited words',
  progress: {},
  resuming: false,
};

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new FacebookAdapter(settings, http), http };
}

describe('FacebookAdapter.textEdits', () => {
  it("sets the Page post's message with the Page token, a call Meta's PagePost #update spec takes", async () => {
    const { adapter, http } = adapterWith(answer(200, { success: true }));
    await expect(adapter.textEdits.editText(request)).resolves.toEqual({ platformPostId: POST_ID });
    expect(http.requests).toEqual([expect.objectContaining({ method: 'POST', url: `${GRAPH}/${POST_ID}` })]);
    expect({ ...http.requests[0]!.query, ...http.requests[0]!.form }).toEqual(
      expect.objectContaining({ message: 'Edited words', access_token: PAGE_TOKEN }),
    );
    expect(contractViolations(http.requests, { [POST_ID]: 'PagePost' })).toEqual([]);
  });

  it('refuses a video, a reel or a story (not a PagePost) before any call', () => {
    const { adapter } = adapterWith();
    const video: EditableDelivery = {
      publishedAt: new Date(),
      traits: {},
      editsMade: 0,
      progress: { placementVideoId: 'v1' },
      hasMedia: true,
    };
    expect(adapter.textEdits.refusal(video, new Date())).toMatchObject({
      code: 'edit_not_supported',
    });
  });
});
