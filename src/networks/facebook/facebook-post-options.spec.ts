import 'reflect-metadata';
import { part } from '../graph/publish-request.testing';
import { PostPart } from '../network-adapter';
import { facebookContentProblems } from './facebook-content-rules';
import { FACEBOOK_OPTIONS_SCHEMA, FACEBOOK_PLACEMENTS, facebookOptionProblems } from './facebook-post-options';

const at = 'options.facebook';
const JPG = 'https://cdn.example.com/cake.jpg';
const CLIP = 'https://cdn.example.com/clip.mp4';
const rules = (problems: { field: string; rule: string }[]) => problems.map(({ field, rule }) => ({ field, rule }));
const video = (durationMs: number, altText?: string): PostPart => ({
  text: '',
  media: [{ kind: 'video', url: CLIP, durationMs, ...(altText ? { altText } : {}) }],
});

describe('options.facebook', () => {
  it('takes a placement and a link on a feed post without media', () => {
    for (const placement of FACEBOOK_PLACEMENTS)
      expect(facebookOptionProblems({ placement }, at, [part('Hi')])).toEqual([]);
    expect(facebookOptionProblems({ link: 'https://bakery.example/menu' }, at, [part('Menu')])).toEqual([]);
    expect(facebookOptionProblems({ placement: 'feed', link: 'http://bakery.example' }, at, [part('')])).toEqual([]);
  });

  it('refuses an unknown option, an unknown placement and a link that is no http(s) URL', () => {
    expect(rules(facebookOptionProblems({ placment: 'reel' }, at, [part('Hi')]))).toEqual([
      { field: 'options.facebook.placment', rule: 'option_unknown' },
    ]);
    expect(rules(facebookOptionProblems({ placement: 'carousel' }, at, [part('Hi')]))).toEqual([
      { field: 'options.facebook.placement', rule: 'option_invalid' },
    ]);
    for (const link of ['ftp://bakery.example', 'bakery.example', 42, `https://a.example/${'x'.repeat(2048)}`])
      expect(rules(facebookOptionProblems({ link }, at, [part('Hi')]))).toEqual([
        { field: 'options.facebook.link', rule: 'option_invalid' },
      ]);
  });

  it('refuses a link with media, and on a reel or a story', () => {
    expect(facebookOptionProblems({ link: 'https://bakery.example' }, at, [part('Hi', ['image', JPG])])).toEqual([
      {
        field: 'options.facebook.link',
        rule: 'options_exclusive',
        message:
          "options.facebook.link: a Facebook post takes a link or media, not both (the link's preview would replace the media)",
      },
    ]);
    expect(
      rules(
        facebookOptionProblems({ placement: 'story', link: 'https://bakery.example' }, at, [part('', ['image', JPG])]),
      ),
    ).toEqual([{ field: 'options.facebook.link', rule: 'options_exclusive' }]);
    expect(
      rules(
        facebookOptionProblems({ placement: 'reel', link: 'https://bakery.example' }, at, [part('', ['video', CLIP])]),
      ),
    ).toEqual([{ field: 'options.facebook.link', rule: 'options_exclusive' }]);
  });

  it('publishes a schema that agrees with the checks', () => {
    const properties = FACEBOOK_OPTIONS_SCHEMA.properties as Record<string, { enum?: string[]; maxLength?: number }>;
    expect(Object.keys(properties)).toEqual(['placement', 'link']);
    expect(properties.placement.enum).toEqual([...FACEBOOK_PLACEMENTS]);
    const longest = `https://a.example/${'x'.repeat(properties.link.maxLength! - 'https://a.example/'.length)}`;
    expect(facebookOptionProblems({ link: longest }, at, [part('')])).toEqual([]);
    expect(facebookOptionProblems({ link: `${longest}x` }, at, [part('')])).toHaveLength(1);
    expect(FACEBOOK_OPTIONS_SCHEMA.additionalProperties).toBe(false);
  });
});

describe('Facebook content rules by placement', () => {
  it('takes a feed post of a link alone', () => {
    expect(facebookContentProblems([part('')], { link: 'https://bakery.example' })).toEqual([]);
    expect(rules(facebookContentProblems([part('')], {}))).toEqual([
      { field: 'containers[0].content', rule: 'content_required' },
    ]);
  });

  it('a reel is exactly one video', () => {
    const reel = { placement: 'reel' };
    expect(facebookContentProblems([part('Clip', ['video', CLIP])], reel)).toEqual([]);
    expect(rules(facebookContentProblems([part('Only text')], reel))).toEqual([
      { field: 'containers[0].media', rule: 'media_required' },
    ]);
    // The photo's format is fine; the kind is not a reel's (as Instagram names it).
    expect(rules(facebookContentProblems([part('', ['image', JPG])], reel))).toEqual([
      { field: 'containers[0].media[0]', rule: 'media_kind' },
    ]);
    expect(rules(facebookContentProblems([part('', ['video', CLIP], ['video', CLIP])], reel))).toEqual([
      { field: 'containers[0].media', rule: 'media_too_many' },
    ]);
  });

  it('a story is exactly one photo or video; its text is not sent (a warning) and it takes no thread', () => {
    const story = { placement: 'story' };
    expect(facebookContentProblems([part('', ['image', JPG])], story)).toEqual([]);
    expect(facebookContentProblems([part('', ['video', CLIP])], story)).toEqual([]);
    expect(rules(facebookContentProblems([part('Text only')], story))).toEqual([
      { field: 'containers[0].media', rule: 'media_required' },
      { field: 'containers[0].content', rule: 'text_not_sent' },
    ]);
    expect(rules(facebookContentProblems([part('', ['image', JPG], ['image', JPG])], story))).toEqual([
      { field: 'containers[0].media', rule: 'media_too_many' },
    ]);
    expect(rules(facebookContentProblems([part('', ['image', JPG]), part('A comment')], story))).toEqual([
      { field: 'containers[1]', rule: 'thread_not_allowed' },
    ]);
    expect(rules(facebookContentProblems([part('', ['image', 'https://c.example/a.webp'])], story))).toEqual([
      { field: 'containers[0].media[0].url', rule: 'media_format' },
    ]);
  });

  it('warns that alt text on a video, a reel or a story is not sent; a feed photo takes it', () => {
    const photo: PostPart = { text: '', media: [{ kind: 'image', url: JPG, altText: 'A cake' }] };
    expect(facebookContentProblems([photo])).toEqual([]);
    expect(rules(facebookContentProblems([photo], { placement: 'story' }))).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
    expect(rules(facebookContentProblems([video(10_000, 'A clip')]))).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
    expect(rules(facebookContentProblems([video(10_000, 'A clip')], { placement: 'reel' }))).toEqual([
      { field: 'containers[0].media[0].altText', rule: 'alt_text_not_sent' },
    ]);
  });
});
