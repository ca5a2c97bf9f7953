import { answer, APP, RecordingHttp } from '../http/recording-http.testing';
import { CommentsCall } from '../network-adapter';
import { InstagramAdapter } from './instagram.adapter';
import { INSTAGRAM_LOGIN_SETTINGS } from './instagram.fixtures';

const CALL: CommentsCall = {
  networkAccountId: '17841405822304914',
  username: 'bakery_on_main',
  tokens: { accessToken: 'IGAA-token' },
  app: APP,
  objectId: 'media-1',
};

const at = (second: number) => `2026-11-25T10:00:${String(second).padStart(2, '0')}+0000`;
const reply = (id: string, second: number) => ({ id, text: id, username: 'reader', timestamp: at(second) });
const repliesPage = (ids: string[], second: number, after?: string) => ({
  data: ids.map((id, index) => reply(id, second + index)),
  paging: {
    cursors: { before: 'b', after: after ?? 'end' },
    ...(after ? { next: `https://graph/next?after=${after}` } : {}),
  },
});

describe('Instagram comments, with the replies Graph nests in them', () => {
  const list = (...answers: ConstructorParameters<typeof RecordingHttp>) => {
    const http = new RecordingHttp(...answers);
    return {
      http,
      read: new InstagramAdapter(INSTAGRAM_LOGIN_SETTINGS, http).comments.listComments(CALL, {
        limit: 50,
        cursor: undefined,
      }),
    };
  };

  it('flattens the replies newest first, each answering its comment, and reads on past the nested ones', async () => {
    const { http, read } = list(
      answer(200, {
        data: [
          { id: 'c2', text: 'c2', username: 'reader', timestamp: at(5), replies: repliesPage(['r1', 'r2'], 6, 'r2') },
          { id: 'c1', text: 'c1', username: 'bakery_on_main', timestamp: at(1) },
        ],
      }),
      answer(200, repliesPage(['r3'], 8)),
    );
    const page = await read;
    expect(page.comments.map((comment) => [comment.id, comment.replyToId, comment.own])).toEqual([
      ['r3', 'c2', false],
      ['r2', 'c2', false],
      ['r1', 'c2', false],
      ['c2', null, false],
      ['c1', null, true],
    ]);
    expect(page.next).toBeUndefined();
    expect(http.requests[0]!.query).toEqual(
      expect.objectContaining({
        fields: expect.stringContaining('replies{id,text,username,timestamp,from,parent_id}'),
      }),
    );
    // Instagram's comments edges take no order parameter (a medium's comments come newest first).
    expect(http.requests.map((request) => request.query?.order)).toEqual([undefined, undefined]);
    expect(http.requests[1]).toEqual(
      expect.objectContaining({
        url: 'https://graph.instagram.com/v25.0/c2/replies',
        query: expect.objectContaining({ after: 'r2', limit: '50' }),
      }),
    );
  });

  it('orders replies by their time, whatever order Instagram lists them in', async () => {
    const { read } = list(
      answer(200, {
        data: [
          {
            id: 'c1',
            text: 'c1',
            username: 'reader',
            timestamp: at(1),
            replies: {
              data: [reply('r3', 9), reply('r1', 3), reply('r2', 6)],
              paging: { cursors: { before: 'b', after: 'a' } },
            },
          },
        ],
      }),
    );
    expect((await read).comments.map((comment) => comment.id)).toEqual(['r3', 'r2', 'r1', 'c1']);
  });

  it('reads at most 4 more pages of replies for a page of comments, whoever has them', async () => {
    const busy = (id: string) => ({
      id,
      text: id,
      username: 'reader',
      timestamp: at(1),
      replies: repliesPage([`${id}-r1`], 2, 'more'),
    });
    const { http, read } = list(
      answer(200, { data: [busy('c3'), busy('c2'), busy('c1')] }),
      answer(200, repliesPage(['c3-r2'], 3, 'more')),
      answer(200, repliesPage(['c3-r3'], 3, 'more')),
      answer(200, repliesPage(['c3-r4'], 3, 'more')),
      answer(200, repliesPage(['c3-r5'], 3, 'more')),
    );
    const page = await read;
    expect(http.requests).toHaveLength(5);
    expect(page.comments.filter((comment) => comment.replyToId === 'c3')).toHaveLength(5);
    // The others keep the replies nested in them.
    expect(page.comments.filter((comment) => comment.replyToId === 'c1').map((comment) => comment.id)).toEqual([
      'c1-r1',
    ]);
  });

  it('keeps the nested replies of a comment deleted before the rest could be read', async () => {
    const { read } = list(
      answer(200, {
        data: [{ id: 'c1', text: 'c1', username: 'reader', timestamp: at(1), replies: repliesPage(['r1'], 2, 'r1') }],
      }),
      answer(400, { error: { message: 'Unsupported get request', type: 'GraphMethodException', code: 100 } }),
    );
    const page = await read;
    expect(page.comments.map((comment) => comment.id)).toEqual(['r1', 'c1']);
  });
});

describe('Instagram answers, when an attempt may already have made one', () => {
  const ours = (id: string, second: number, text = 'Thanks!') => ({
    id,
    text,
    username: 'bakery_on_main',
    timestamp: at(second),
  });
  const page = (entries: unknown[], after?: string) => ({
    data: entries,
    paging: { cursors: { before: 'b', after: after ?? 'end' }, ...(after ? { next: `https://graph/n?${after}` } : {}) },
  });
  const answerTo = (replyToId: string | undefined, ...answers: ConstructorParameters<typeof RecordingHttp>) => {
    const http = new RecordingHttp(...answers);
    const made = new InstagramAdapter(INSTAGRAM_LOGIN_SETTINGS, http).comments.answer({
      ...CALL,
      text: 'Thanks!',
      replyToId,
      resuming: true,
    });
    return { http, made };
  };

  it("reads a comment's replies page after page (their order is not documented) and adopts the newest of ours", async () => {
    const { http, made } = answerTo(
      'c1',
      answer(200, page([ours('a1', 1), reply('x1', 2)], 'p2')),
      answer(200, page([reply('x2', 3), ours('a2', 30)])),
    );
    await expect(made).resolves.toBe('a2');
    expect(http.requests.map((request) => [request.url, request.query?.after, request.query?.order])).toEqual([
      ['https://graph.instagram.com/v25.0/c1/replies', undefined, undefined],
      ['https://graph.instagram.com/v25.0/c1/replies', 'p2', undefined],
    ]);
  });

  it("looks at the first page of a medium's comments only, which Instagram lists newest first, without an order parameter", async () => {
    const { http, made } = answerTo(undefined, answer(200, page([ours('a9', 40), ours('a1', 1)], 'p2')));
    await expect(made).resolves.toBe('a9');
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]).toMatchObject({ url: 'https://graph.instagram.com/v25.0/media-1/comments' });
    expect(http.requests[0]!.query?.order).toBeUndefined();
  });

  it('answers when none of the replies is ours with that text', async () => {
    const { http, made } = answerTo(
      'c1',
      answer(200, page([reply('x1', 2), ours('a1', 3, 'Other words')])),
      answer(200, { id: 'new-1' }),
    );
    await expect(made).resolves.toBe('new-1');
    expect(http.requests[1]).toMatchObject({
      method: 'POST',
      url: 'https://graph.instagram.com/v25.0/c1/replies',
      form: { message: 'Thanks!' },
    });
  });
});
