import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';

const API = '/emulator/x/api';

/** Long posts by subscription, their read-back (note_post), and alt text (POST /2/media/metadata). */
describe('emulated X long posts and alt text', () => {
  let app: FastifyInstance;
  let bearer: string;

  beforeEach(async () => {
    ({ app } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
  });
  afterEach(() => app.close());

  const call = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url: `${API}${path}`, headers: { authorization: bearer }, ...(payload ? { payload } : {}) });
  const subscribe = (subscriptionType: unknown) =>
    app.inject({
      method: 'PUT',
      url: '/emulator/control/x/subscription',
      payload: { userId: 'ada', subscriptionType },
    });
  const published = async () =>
    (await app.inject({ url: '/emulator/control/published?network=x' })).json().data as Array<Record<string, unknown>>;

  it("answers the user's subscription_type when asked (None by default) and follows a change", async () => {
    expect((await call('GET', '/2/users/me?user.fields=subscription_type')).json().data).toMatchObject({
      subscription_type: 'None',
    });
    expect((await call('GET', '/2/users/me')).json().data.subscription_type).toBeUndefined();
    expect((await subscribe('PremiumPlus')).statusCode).toBe(200);
    expect((await call('GET', '/2/users/me?user.fields=subscription_type')).json().data).toMatchObject({
      subscription_type: 'PremiumPlus',
    });
    expect((await subscribe('Gold')).statusCode).toBe(400);
  });

  it('caps text at 280 weighted characters for None and Basic, at 25,000 for Premium and PremiumPlus', async () => {
    const long = 'a'.repeat(1000);
    for (const subscription of ['None', 'Basic']) {
      await subscribe(subscription);
      const refused = await call('POST', '/2/tweets', { text: `${subscription} ${long}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        title: 'Invalid Request',
        errors: [{ parameters: { text: [expect.any(String)] }, message: expect.stringContaining('at most 280') }],
      });
    }
    for (const subscription of ['Premium', 'PremiumPlus']) {
      await subscribe(subscription);
      expect((await call('POST', '/2/tweets', { text: `${subscription} ${long}` })).statusCode).toBe(201);
      const over = await call('POST', '/2/tweets', { text: 'b'.repeat(25_001) });
      expect(over.json().errors[0].message).toContain('at most 25000');
    }
    expect((await published()).map((item) => (item.text as string).length)).toEqual([1008, 1012]);
  });

  it('reads a long post back with its text cut and its whole text in note_post (when asked)', async () => {
    await subscribe('Premium');
    const text = `${'Sourdough '.repeat(100)}end`;
    const id = (await call('POST', '/2/tweets', { text })).json().data.id as string;
    const read = (await call('GET', `/2/tweets/${id}?post.fields=note_post`)).json().data;
    expect(read.note_post).toEqual({ text });
    expect(read.text.endsWith('…')).toBe(true);
    expect(read.text.length).toBeLessThanOrEqual(280);
    expect(text.startsWith(read.text.slice(0, -1))).toBe(true);
    expect((await call('GET', `/2/tweets/${id}`)).json().data.note_post).toBeUndefined();
    const short = (await call('POST', '/2/tweets', { text: 'Short' })).json().data.id as string;
    expect((await call('GET', `/2/tweets/${short}?post.fields=note_post`)).json().data).toEqual({
      id: short,
      text: 'Short',
      edit_history_post_ids: [short],
    });
  });

  const uploadImage = async (): Promise<string> => {
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="media_category"\r\n\r\ntweet_image\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.alloc(100, 1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `${API}/2/media/upload`,
      headers: { authorization: bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    return answer.json().data.id as string;
  };

  it("keeps an image's alt text (POST /2/media/metadata) and records it on the tweet's media", async () => {
    const id = await uploadImage();
    const set = await call('POST', '/2/media/metadata', { id, metadata: { alt_text: { text: 'A loaf' } } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ data: { id, associated_metadata: { alt_text: { text: 'A loaf' } } } });
    // Setting it again is the same.
    expect(
      (await call('POST', '/2/media/metadata', { id, metadata: { alt_text: { text: 'A loaf' } } })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/2/tweets', { text: 'Bread', media: { media_ids: [id] } })).statusCode).toBe(201);
    expect((await published())[0]).toMatchObject({ media: [{ type: 'image', id, altText: 'A loaf' }] });
  });

  it('refuses alt text past 1,000 characters, on a video, on media not the user’s, and without an id', async () => {
    const id = await uploadImage();
    const video = (
      await call('POST', '/2/media/upload/initialize', {
        media_type: 'video/mp4',
        total_bytes: 10,
        media_category: 'tweet_video',
      })
    ).json().data.id as string;
    const refusals = [
      { id, metadata: { alt_text: { text: 'a'.repeat(1001) } } },
      { id: video, metadata: { alt_text: { text: 'Dough' } } },
      { id: '123', metadata: { alt_text: { text: 'Dough' } } },
      { metadata: { alt_text: { text: 'Dough' } } },
      { id, metadata: { alt_text: {} } },
    ];
    for (const payload of refusals) {
      const answer = await call('POST', '/2/media/metadata', payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
    }
    expect(
      (await call('POST', '/2/media/metadata', { id, metadata: { alt_text: { text: 'a'.repeat(1000) } } })).statusCode,
    ).toBe(200);
  });

  it('makes a test user with a subscription, and refuses one X does not have', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'cat', name: 'Cat', x: { username: 'cat_cakes', subscriptionType: 'Premium' } },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.x).toMatchObject({ username: 'cat_cakes', subscriptionType: 'Premium' });
    const refused = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'dan', name: 'Dan', x: { username: 'dan', subscriptionType: 'Blue' } },
    });
    expect(refused.statusCode).toBe(400);
  });
});
