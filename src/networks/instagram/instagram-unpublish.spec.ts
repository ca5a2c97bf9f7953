import { graphErrorAnswer } from '../facebook/facebook.fixtures';
import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { deletesPosts, UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { InstagramAdapter } from './instagram.adapter';
import { INSTAGRAM_LOGIN_SETTINGS } from './instagram.fixtures';
import { InstagramSettings } from './instagram.settings';

const GRAPH = 'https://graph.facebook.com/v25.0';
const PAGE_TOKEN = 'EAAGpageToken101';
const MEDIA_ID = '17895695668004550';
const facebookLogin = new InstagramSettings(
  'facebook',
  'https://www.facebook.com/v25.0/dialog/oauth',
  'https://api.instagram.com/oauth/access_token',
  GRAPH,
  APP,
  false,
);
const request: UnpublishRequest = {
  networkAccountId: '17841400000000101',
  tokens: { accessToken: PAGE_TOKEN, userAccessToken: 'EAAGuserToken' },
  app: APP,
  platformPostId: MEDIA_ID,
  // A thread's later parts are comments on the medium: they go with it, nothing else is deleted.
  progress: { commentIds: ['17870913679156914'] },
};

function adapterWith(settings: InstagramSettings, ...answers: ConstructorParameters<typeof RecordingHttp>) {
  const http = new RecordingHttp(...answers);
  return { adapter: new InstagramAdapter(settings, http), http };
}

describe('InstagramAdapter.unpublish', () => {
  describe('through Facebook Login', () => {
    it('deletes the medium alone with the Page token on graph.facebook.com', async () => {
      const { adapter, http } = adapterWith(facebookLogin, answer(200, { success: true }));
      expect(deletesPosts(adapter)).toBe(true);
      await adapter.unpublish(request);
      expect(http.requests).toEqual([
        { method: 'DELETE', url: `${GRAPH}/${MEDIA_ID}`, query: { access_token: PAGE_TOKEN } },
      ]);
    });

    it('counts a medium Graph no longer has (code 100, subcode 33) as deleted', async () => {
      const { adapter } = adapterWith(facebookLogin, answer(400, graphErrorAnswer(100, 33)));
      await expect(adapter.unpublish(request)).resolves.toBeUndefined();
    });

    it('throws the classified error otherwise: a missing permission, a dead token, an answer without success', async () => {
      const denied = adapterWith(facebookLogin, answer(403, graphErrorAnswer(10))).adapter;
      await expect(denied.unpublish(request)).rejects.toMatchObject({ kind: 'permanent' });
      const dead = adapterWith(facebookLogin, answer(400, graphErrorAnswer(190))).adapter;
      await expect(dead.unpublish(request)).rejects.toMatchObject({ kind: 'auth_expired' });
      const odd = adapterWith(facebookLogin, answer(200, { success: false })).adapter;
      await expect(odd.unpublish(request)).rejects.toBeInstanceOf(NetworkError);
    });
  });

  describe('through Instagram Login', () => {
    it('cannot delete: unpublishing answers not supported, and a call never reaches the network', async () => {
      const { adapter, http } = adapterWith(INSTAGRAM_LOGIN_SETTINGS);
      expect(deletesPosts(adapter)).toBe(false);
      await expect(adapter.unpublish(request)).rejects.toMatchObject({ kind: 'permanent' });
      expect(http.requests).toHaveLength(0);
    });
  });
});
