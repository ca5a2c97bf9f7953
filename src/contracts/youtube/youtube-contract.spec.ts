import { extractYouTubeSubset } from '../extract/youtube-subset';
import { YouTubeContract } from './youtube-contract';
import { youTubeQuotaDay } from './youtube-quota-day';
import { youTubeTagsLength } from './youtube-rules';

const contract = YouTubeContract.load();
const insert = (body: unknown, query: Record<string, string> = {}) =>
  contract.checkRequest({
    method: 'POST',
    path: '/upload/youtube/v3/videos',
    query: { uploadType: 'resumable', part: 'snippet,status', ...query },
    body,
  });
const video = (snippet: Record<string, unknown> = {}, status: Record<string, unknown> = {}) => ({
  snippet: { title: 'A title', description: 'The post', ...snippet },
  status: { privacyStatus: 'public', selfDeclaredMadeForKids: false, ...status },
});
const reasons = (problems: { reason: string }[]) => problems.map((problem) => problem.reason);

describe('YouTubeContract', () => {
  it('holds the discovery document it was cut from, with its source', () => {
    const source = contract.discovery['x-contract-source'];
    expect(source).toMatchObject({ repository: 'https://github.com/google/googleapis.dart', retrieved: '2026-11-26' });
    expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(contract.discovery.schemas)).toEqual(
      expect.arrayContaining(['Video', 'VideoStatus', 'Comment']),
    );
  });

  it('has status.containsSyntheticMedia in the Video schema we send', () => {
    expect(insert(video({}, { containsSyntheticMedia: true }))).toEqual([]);
  });

  it('names the method of an upload path and of a plain path', () => {
    expect(contract.methodOf('POST', '/upload/youtube/v3/videos')?.id).toBe('youtube.videos.insert');
    expect(contract.methodOf('POST', '/upload/youtube/v3/thumbnails/set')?.id).toBe('youtube.thumbnails.set');
    expect(contract.methodOf('GET', '/youtube/v3/commentThreads')?.id).toBe('youtube.commentThreads.list');
    expect(contract.methodOf('DELETE', '/youtube/v3/videos')?.id).toBe('youtube.videos.delete');
  });

  it('accepts a video at every limit', () => {
    expect(
      insert(
        video({
          title: 'é'.repeat(100),
          description: 'a'.repeat(5000),
          tags: ['a'.repeat(249), 'b'.repeat(250)],
          categoryId: '22',
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a video past the reference page limits, with YouTube reasons', () => {
    expect(reasons(insert(video({ title: '' })))).toEqual(['videoTitleEmpty']);
    expect(reasons(insert(video({ title: 'x'.repeat(101) })))).toEqual(['invalidTitle']);
    expect(reasons(insert(video({ title: 'a <b>' })))).toEqual(['invalidTitle']);
    // 2,501 two-byte characters are 5,002 bytes.
    expect(reasons(insert(video({ description: 'é'.repeat(2501) })))).toEqual(['invalidDescription']);
    expect(reasons(insert(video({ description: 'x > y' })))).toEqual(['invalidDescription']);
    expect(reasons(insert(video({ tags: ['a'.repeat(250), 'b'.repeat(250)] })))).toEqual(['invalidTags']);
    expect(reasons(insert(video({ categoryId: 'music' })))).toEqual(['invalidCategoryId']);
  });

  it('refuses a field the schema does not have, and a value its enum lacks', () => {
    expect(reasons(insert(video({}, { audience: 'kids' })))).toEqual(['invalidRequest']);
    expect(reasons(insert(video({}, { privacyStatus: 'friends' })))).toEqual(['invalidRequest']);
  });

  it('refuses a body part the part parameter does not name', () => {
    expect(reasons(insert(video(), { part: 'snippet' }))).toEqual(['unexpectedPart']);
  });

  it('refuses an unknown parameter and a missing required one', () => {
    expect(
      reasons(
        contract.checkRequest({
          method: 'GET',
          path: '/youtube/v3/videos',
          query: { part: 'statistics', id: 'v1', mine: 'true' },
        }),
      ),
    ).toEqual(['unexpectedParameter']);
    expect(reasons(contract.checkRequest({ method: 'GET', path: '/youtube/v3/videos', query: { id: 'v1' } }))).toEqual([
      'missingRequiredParameter',
    ]);
    expect(
      reasons(
        contract.checkRequest({
          method: 'GET',
          path: '/youtube/v3/commentThreads',
          query: { part: 'snippet', videoId: 'v', order: 'newest' },
        }),
      ),
    ).toEqual(['invalidParameter']);
  });

  it('refuses an answer without its parent or its text', () => {
    const comment = (snippet: Record<string, unknown>) =>
      contract.checkRequest({
        method: 'POST',
        path: '/youtube/v3/comments',
        query: { part: 'snippet' },
        body: { snippet },
      });
    expect(comment({ parentId: 'c1', textOriginal: 'thanks' })).toEqual([]);
    expect(reasons(comment({ textOriginal: 'thanks' }))).toEqual(['parentIdMissing']);
    expect(reasons(comment({ parentId: 'c1', textOriginal: '' }))).toEqual(['commentTextRequired']);
  });

  it('refuses a comment under a video without its video or its text', () => {
    const thread = (snippet: Record<string, unknown>) =>
      contract.checkRequest({
        method: 'POST',
        path: '/youtube/v3/commentThreads',
        query: { part: 'snippet' },
        body: { snippet },
      });
    expect(thread({ videoId: 'v1', topLevelComment: { snippet: { textOriginal: 'Hello' } } })).toEqual([]);
    expect(reasons(thread({ topLevelComment: { snippet: { textOriginal: 'Hello' } } }))).toEqual([
      'invalidCommentMetadata',
    ]);
    expect(reasons(thread({ videoId: 'v1', topLevelComment: { snippet: {} } }))).toEqual(['commentTextRequired']);
  });

  it('counts tags as YouTube does: commas between them, quotes around one with a space', () => {
    expect(youTubeTagsLength(['ab', 'c d'])).toBe(2 + 1 + 3 + 2);
  });

  it('states the quota costs of the page it was written from', () => {
    expect(contract.cost('videos.insert')).toBe(1600);
    expect(contract.cost('youtube.thumbnails.set')).toBe(50);
    expect(contract.cost('videos.list')).toBe(1);
    expect(contract.rules.quota).toMatchObject({ defaultUnitsPerDay: 10000, timeZone: 'America/Los_Angeles' });
  });
});

describe('extractYouTubeSubset', () => {
  const source = {
    published: 'p',
    repository: 'r',
    path: 'd.json',
    commit: 'c',
    commitDate: 'd',
    retrieved: '2026-11-26',
  };
  const document = {
    id: 'youtube:v3',
    revision: '1',
    auth: { oauth2: { scopes: { a: { description: 'A' }, b: { description: 'B' } } } },
    parameters: { key: { type: 'string', location: 'query' } },
    resources: {
      videos: {
        methods: {
          insert: { id: 'youtube.videos.insert', request: { $ref: 'Video' }, scopes: ['a'] },
          rate: { id: 'r' },
        },
      },
      search: { methods: { list: { id: 's' } } },
    },
    schemas: {
      Video: { type: 'object', properties: { snippet: { $ref: 'VideoSnippet' } } },
      VideoSnippet: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
      Unused: { type: 'object' },
    },
  };

  it('keeps the listed methods and the schemas they reach, transitively', () => {
    const subset = extractYouTubeSubset(document, [{ id: 'videos.insert', usedFor: 'x' }], source);
    expect(Object.keys(subset.resources as object)).toEqual(['videos']);
    expect(Object.keys((subset.resources as { videos: { methods: object } }).videos.methods)).toEqual(['insert']);
    expect(Object.keys(subset.schemas as object)).toEqual(['Video', 'VideoSnippet']);
    expect(subset.auth).toEqual({ oauth2: { scopes: { a: { description: 'A' } } } });
    expect(subset['x-contract-source']).toEqual(source);
  });

  it('fails on a method the document lacks', () => {
    expect(() => extractYouTubeSubset(document, [{ id: 'videos.update', usedFor: 'x' }], source)).toThrow(
      'videos.update',
    );
  });
});

describe('youTubeQuotaDay', () => {
  it('ends at midnight Pacific: 08:00 UTC in winter, 07:00 UTC in summer', () => {
    expect(youTubeQuotaDay(Date.parse('2026-11-26T16:00:00Z'))).toEqual({
      day: '2026-11-26',
      endsAt: Date.parse('2026-11-27T08:00:00Z'),
    });
    expect(youTubeQuotaDay(Date.parse('2026-07-01T06:59:00Z'))).toEqual({
      day: '2026-06-30',
      endsAt: Date.parse('2026-07-01T07:00:00Z'),
    });
  });

  it('has a 25-hour day when summer time ends', () => {
    const { day, endsAt } = youTubeQuotaDay(Date.parse('2026-11-01T07:30:00Z'));
    expect(day).toBe('2026-11-01');
    expect(endsAt).toBe(Date.parse('2026-11-02T08:00:00Z'));
  });
});
