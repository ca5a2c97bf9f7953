import { answer } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { PINTEREST_CAPABILITIES } from './pinterest-capabilities';
import { pinterestContentProblems } from './pinterest-content-rules';
import { pinterestResponseError } from './pinterest-errors';
import { PINTEREST_OPTIONS_SCHEMA, PINTEREST_POST_OPTIONS } from './pinterest-post-options';

const jpg = (name: string) => ({ kind: 'image' as const, url: `https://cdn.example.com/${name}.jpg` });
const pin = (text: string, media: PostPart['media']): PostPart[] => [{ text, media }];
const rules = (parts: PostPart[]) => pinterestContentProblems(parts).map(({ field, rule }) => `${field} ${rule}`);
const check = (options: Record<string, unknown>) =>
  PINTEREST_POST_OPTIONS.check(options, 'options.pinterest', []).map(({ field, rule }) => `${field} ${rule}`);

describe('Pinterest content rules', () => {
  it('takes one image, a carousel of up to 5, or one video alone; a description of 800', () => {
    expect(rules(pin('x'.repeat(800), [jpg('a')]))).toEqual([]);
    expect(
      rules(
        pin(
          '',
          [1, 2, 3, 4, 5].map((n) => jpg(`${n}`)),
        ),
      ),
    ).toEqual([]);
    expect(rules(pin('', [{ kind: 'video', url: 'https://cdn.example.com/v.mov' }]))).toEqual([]);
    expect(rules(pin('x'.repeat(801), [jpg('a')]))).toEqual(['containers[0].content text_too_long']);
    expect(
      rules(
        pin(
          '',
          [1, 2, 3, 4, 5, 6].map((n) => jpg(`${n}`)),
        ),
      ),
    ).toEqual(['containers[0].media media_too_many']);
    expect(rules(pin('Words', []))).toEqual(['containers[0].media media_required']);
    expect(rules(pin('', [jpg('a'), { kind: 'video', url: 'https://cdn.example.com/v.mp4' }]))).toEqual([
      'containers[0].media media_mixed',
    ]);
    expect(rules(pin('', [{ kind: 'gif', url: 'https://cdn.example.com/a.gif' }]))).toEqual([
      'containers[0].media[0] media_format',
    ]);
    expect(rules([...pin('a', [jpg('a')]), { text: 'b', media: [] }])).toEqual(['containers[1] thread_not_allowed']);
  });

  it('states the same table in its capability document: one placement, no threads', () => {
    const { pin: placement } = PINTEREST_CAPABILITIES.placements;
    expect(placement!.media).toMatchObject({ minItems: 1, maxItems: 5 });
    expect(placement!.thread).toBeNull();
    expect(PINTEREST_CAPABILITIES.text.maxLength).toBe(800);
  });
});

describe('options.pinterest', () => {
  it('says boardId is required, and checks each option at its path', () => {
    expect(PINTEREST_POST_OPTIONS.required).toEqual(['boardId']);
    expect(PINTEREST_OPTIONS_SCHEMA.required).toEqual(['boardId']);
    expect(
      check({
        boardId: '549755885175',
        boardSectionId: '1',
        title: 'x'.repeat(100),
        link: 'https://bakery.example/rye',
        altText: 'x'.repeat(500),
        dominantColor: '#6E7874',
      }),
    ).toEqual([]);
    expect(
      check({
        boardId: 'bread',
        title: 'x'.repeat(101),
        link: 'ftp://bakery.example',
        altText: 'x'.repeat(501),
        dominantColor: 'red',
        board: '1',
      }),
    ).toEqual([
      'options.pinterest.board option_unknown',
      'options.pinterest.boardId option_invalid',
      'options.pinterest.title option_invalid',
      'options.pinterest.link option_invalid',
      'options.pinterest.altText option_invalid',
      'options.pinterest.dominantColor option_invalid',
    ]);
  });
});

describe("Pinterest's answers classified", () => {
  const classify = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    pinterestResponseError('pinterest', answer(status, body, headers), new Date('2026-11-26T12:00:00Z'));

  it('401 code 2 is an expired login; 401 code 3 a missing permission; 403 a permission; 404 and 400 permanent', () => {
    expect(classify(401, { code: 2, message: 'Authentication failed.' })).toMatchObject({ kind: 'auth_expired' });
    expect(classify(401, { code: 3, message: 'scopes' })).toMatchObject({
      kind: 'permanent',
      details: { permissionDenied: true },
    });
    expect(classify(403, { code: 403, message: 'no' })).toMatchObject({
      kind: 'permanent',
      details: { permissionDenied: true },
    });
    expect(classify(404, { code: 404, message: 'Pin not found.' })).toMatchObject({ kind: 'permanent' });
    expect(classify(400, { code: 1, message: 'bad' })).toMatchObject({ kind: 'permanent' });
    expect(classify(503, 'down')).toMatchObject({ kind: 'transient' });
    expect(classify(201, {})).toBeUndefined();
  });

  it('429 code 8 waits until Retry-After, else the next minute', () => {
    expect(classify(429, { code: 8, message: 'limit' })!.details.retryAt).toEqual(new Date('2026-11-26T12:01:00Z'));
    expect(classify(429, { code: 8, message: 'limit' }, { 'retry-after': '5' })!.details.retryAt).toEqual(
      new Date('2026-11-26T12:00:05Z'),
    );
  });
});
