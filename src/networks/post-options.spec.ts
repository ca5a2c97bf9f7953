import { LINKEDIN_POST_OPTIONS } from './linkedin/linkedin-post-options';
import type { PostPart } from './network-adapter';
import { textOnlyOptionProblems, unknownOptionProblems } from './post-options';

const withMedia: PostPart[] = [{ text: 'x', media: [{ kind: 'image', url: 'https://c/a.jpg' }] }];
const textOnly: PostPart[] = [{ text: 'x', media: [] }];
const brief = (problems: { field: string; rule: string }[]) => problems.map((p) => `${p.field} ${p.rule}`);

describe('unknownOptionProblems', () => {
  it('names each option the network does not take, at its own path', () => {
    expect(brief(unknownOptionProblems({ a: 1, poll: {}, b: 2 }, 'options.x', ['poll']))).toEqual([
      'options.x.a option_unknown',
      'options.x.b option_unknown',
    ]);
  });
});

describe('textOnlyOptionProblems', () => {
  const options = { poll: { options: ['a', 'b'] }, article: { source: 'https://a.com' }, other: 1 };

  it('refuses each given text-only option when the first container has media (a poll by its own rule)', () => {
    const problems = textOnlyOptionProblems(options, 'options.n', withMedia, ['poll', 'article', 'absent'], 'Net');
    expect(brief(problems)).toEqual(['options.n.poll poll_with_media', 'options.n.article options_exclusive']);
    expect(problems[0].message).toBe('options.n.poll: Net takes it on a post without media only');
  });

  it('finds nothing on a post without media, or for options not named', () => {
    expect(textOnlyOptionProblems(options, 'options.n', textOnly, ['poll', 'article'], 'Net')).toEqual([]);
    expect(textOnlyOptionProblems(options, 'options.n', withMedia, ['absent'], 'Net')).toEqual([]);
  });

  it('is what LinkedIn answers for content options beside media', () => {
    const check = (parts: PostPart[]) =>
      brief(LINKEDIN_POST_OPTIONS.check({ poll: { question: 'Q?', options: ['a', 'b'] } }, 'options.linkedin', parts));
    expect(check(withMedia)).toContain('options.linkedin.poll poll_with_media');
    expect(check(textOnly)).not.toContain('options.linkedin.poll poll_with_media');
  });
});
