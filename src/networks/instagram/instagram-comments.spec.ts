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
  data: ids.map((id) => reply(id, second)),
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
      answer(200, repliesPage(['r3'], 7)),
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
        order: 'reverse_chronological',
        fields: expect.stringContaining('replies{id,text,username,timestamp,from,parent_id}'),
      }),
    );
    expect(http.requests[1]).toEqual(
      expect.objectContaining({
        url: 'https://graph.instagram.com/v25.0/c2/replies',
        query: expect.objectContaining({ after: 'r2', limit: '50' }),
      }),
    );
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
