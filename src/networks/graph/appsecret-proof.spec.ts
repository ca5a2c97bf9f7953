import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { appSecretProof, withAppSecretProof } from './appsecret-proof';
import { GraphApi } from './graph-api';
import { graphPost } from './graph-publishing';

const GRAPH = 'https://graph.facebook.com/v25.0';

describe('appsecret_proof', () => {
  it("is the hex HMAC-SHA256 of the token keyed with the app secret, as Meta's SDKs compute it", () => {
    // The same as PHP's hash_hmac('sha256', 'token', 'secret') or Python's hmac.new(b'secret', b'token', sha256).
    expect(appSecretProof('token', 'secret')).toBe('e941110e3d2bfe82621f0e3e1434730d7305d106c5f68c87165d0b27a4611a4a');
    expect(appSecretProof('EAAB-user', 'app-secret-456')).not.toBe(appSecretProof('EAAB-user', 'other-secret'));
  });

  it('goes beside the token, wherever the token travels', () => {
    const proof = appSecretProof('tok', 'sec');
    expect(withAppSecretProof({ method: 'GET', url: `${GRAPH}/me`, query: { access_token: 'tok' } }, 'sec')).toEqual({
      method: 'GET',
      url: `${GRAPH}/me`,
      query: { access_token: 'tok', appsecret_proof: proof },
    });
    expect(
      withAppSecretProof(
        { method: 'POST', url: `${GRAPH}/1/feed`, form: { message: 'hi', access_token: 'tok' } },
        'sec',
      ),
    ).toEqual({
      method: 'POST',
      url: `${GRAPH}/1/feed`,
      form: { message: 'hi', access_token: 'tok', appsecret_proof: proof },
    });
    expect(
      withAppSecretProof({ method: 'POST', url: `${GRAPH}/1/videos`, multipart: { access_token: 'tok' } }, 'sec')
        .multipart,
    ).toEqual({ access_token: 'tok', appsecret_proof: proof });
    // A paging link carries the token in its URL; a proof already there is replaced by the right one.
    const next = withAppSecretProof(
      { method: 'GET', url: `${GRAPH}/me/accounts?access_token=tok&appsecret_proof=stale&after=c1` },
      'sec',
    );
    expect(new URL(next.url).searchParams.getAll('appsecret_proof')).toEqual([proof]);
    expect(new URL(next.url).searchParams.get('after')).toBe('c1');
  });

  it('leaves a call without a token alone (the code exchange sends the secret itself)', () => {
    const exchange = {
      method: 'GET' as const,
      url: `${GRAPH}/oauth/access_token`,
      query: { client_id: 'a', code: 'c' },
    };
    expect(withAppSecretProof(exchange, 'sec')).toBe(exchange);
  });

  it("is added by GraphApi to every call of an app that requires it, and to no other app's", async () => {
    const http = new RecordingHttp(answer(200, { id: '1' }), answer(200, { id: '2' }));
    await graphPost(new GraphApi(http, 'facebook', GRAPH, { appSecretProofKey: APP.clientSecret }), '/1/feed', 'tok', {
      message: 'hi',
    });
    await graphPost(new GraphApi(http, 'facebook', GRAPH), '/1/feed', 'tok', { message: 'hi' });
    expect(http.requests.map((request) => request.form)).toEqual([
      { message: 'hi', access_token: 'tok', appsecret_proof: appSecretProof('tok', APP.clientSecret) },
      { message: 'hi', access_token: 'tok' },
    ]);
  });
});
