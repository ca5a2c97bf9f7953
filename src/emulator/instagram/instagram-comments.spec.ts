import { FastifyInstance } from 'fastify';
import { emulatorApp, form, instagramShortToken } from '../emulator.testing';
import { EmulatorState } from '../state/emulator-state';

const IG = '/emulator/instagram/graph/v25.0';
const SCOPE = 'instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments';

/**
 * Instagram's comment edges: a medium's comments newest first, at most 50 a query; a comment's
 * replies in the emulator's one order; `order` (a Facebook parameter) honoured on neither.
 */
describe('emulated Instagram comment edges', () => {
  let app: FastifyInstance;
  let state: EmulatorState;
  let token: string;
  let mediaId: string;

  beforeEach(async () => {
    ({ app, state } = await emulatorApp());
    ({ token } = await instagramShortToken(app, SCOPE));
    const igId = state.findUser()!.instagram!.id;
    const container = (
      await app.inject({
        method: 'POST',
        url: `${IG}/${igId}/media`,
        ...form({ image_url: 'https://cdn.test/a.jpg', caption: 'Bread', access_token: token }),
      })
    ).json();
    mediaId = (
      await app.inject({
        method: 'POST',
        url: `${IG}/${igId}/media_publish?creation_id=${container.id}&access_token=${token}`,
      })
    ).json().id;
  });
  afterEach(() => app.close());

  const readerComment = async (parentId: string, text: string): Promise<string> => {
    const made = await app.inject({
      method: 'POST',
      url: '/emulator/control/comments',
      payload: { network: 'instagram', parentId, text },
    });
    expect(made.statusCode).toBe(201);
    return made.json().data.postId;
  };
  const texts = async (path: string) => {
    const answer = await app.inject({ url: `${IG}/${path}&fields=id,text&access_token=${token}` });
    expect(answer.statusCode).toBe(200);
    return (answer.json().data as Array<{ text: string }>).map((comment) => comment.text);
  };

  it("lists a medium's comments newest first, whatever order is asked for", async () => {
    for (const text of ['first', 'second', 'third']) await readerComment(mediaId, text);
    for (const order of ['', 'order=chronological&', 'order=reverse_chronological&'])
      expect({ order, texts: await texts(`${mediaId}/comments?${order}limit=10`) }).toEqual({
        order,
        texts: ['third', 'second', 'first'],
      });
  });

  it('answers at most 50 comments a query', async () => {
    for (let index = 0; index < 55; index++) await readerComment(mediaId, `comment ${index}`);
    const page = (await app.inject({ url: `${IG}/${mediaId}/comments?limit=100&access_token=${token}` })).json();
    expect(page.data).toHaveLength(50);
    expect(page.paging.next).toContain('limit=50');
  });

  it("does not honour order on a comment's replies either", async () => {
    const comment = await readerComment(mediaId, 'question');
    for (const text of ['one', 'two']) await readerComment(comment, text);
    expect(await texts(`${comment}/replies?order=reverse_chronological`)).toEqual(
      await texts(`${comment}/replies?order=chronological`),
    );
  });
});
