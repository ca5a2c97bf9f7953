import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { FacebookAdapter } from './facebook.adapter';
import { GRAPH, graphErrorAnswer } from './facebook.fixtures';
import { PAGE_ID, PAGE_TOKEN } from './facebook-publish.fixtures';
import { FacebookSettings } from './facebook.settings';

const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);
const POST_ID = `${PAGE_ID}_555`;
const request: UnpublishRequest = {
  networkAccountId: PAGE_ID,
  tokens: { accessToken: PAGE_TOKEN },
  app: APP,
  platformPostId: POST_ID,
  progress: {},
};

function adapterWith(...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new FacebookAdapter(settings, http), http };
}

describe('FacebookAdapter.unpublish', () => {
  it('deletes the Page post with the Page token', async () => {
    const { adapter, http } = adapterWith(answer(200, { success: true }));
    await adapter.unpublish(request);
    expect(http.requests).toEqual([
      { method: 'DELETE', url: `${GRAPH}/${POST_ID}`, query: { access_token: PAGE_TOKEN } },
    ]);
  });

  it('counts a post Graph no longer has (code 100, subcode 33) as deleted', async () => {
    const { adapter } = adapterWith(answer(400, graphErrorAnswer(100, 33)));
    await expect(adapter.unpublish(request)).resolves.toBeUndefined();
  });

  it('throws the classified error otherwise: a transient one, a dead token, an answer without success', async () => {
    const transient = adapterWith(answer(500, graphErrorAnswer(2))).adapter;
    await expect(transient.unpublish(request)).rejects.toMatchObject({ kind: 'transient' });
    const dead = adapterWith(answer(400, graphErrorAnswer(190))).adapter;
    await expect(dead.unpublish(request)).rejects.toMatchObject({ kind: 'auth_expired' });
    const invalid = adapterWith(answer(400, graphErrorAnswer(100))).adapter;
    await expect(invalid.unpublish(request)).rejects.toMatchObject({ kind: 'permanent' });
    const odd = adapterWith(answer(200, { success: false })).adapter;
    await expect(odd.unpublish(request)).rejects.toBeInstanceOf(NetworkError);
  });
});
