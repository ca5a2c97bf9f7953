import { MediaKind, PostPart } from '../network-adapter';
import { xContentProblems } from './x-content-rules';

// The limits themselves are covered through the adapter in x-publish.spec.ts; these are the rules it leaves out.
const part = (text: string, ...media: [MediaKind, string][]): PostPart => ({
  text,
  media: media.map(([kind, url]) => ({ kind, url })),
});

describe('xContentProblems', () => {
  it('refuses characters twitter-text calls invalid, even in a short text', () => {
    expect(xContentProblems([part('Fresh\uFFFEbread')])).toEqual([
      {
        field: 'containers[0].content',
        rule: 'text_invalid_characters',
        message: 'The text contains characters X does not accept',
      },
    ]);
  });

  it('applies every limit to each part of a thread, named by its place', () => {
    expect(
      xContentProblems([
        part('One'),
        part('b'.repeat(25_001)),
        part('Three', ['gif', 'https://c.example/a.gif'], ['image', 'https://c.example/b.jpg']),
      ]),
    ).toEqual([
      {
        field: 'containers[1].content',
        rule: 'text_too_long',
        message: expect.stringContaining('at most 25,000 weighted characters (got 25,001'),
      },
      {
        field: 'containers[2].media',
        rule: 'media_mixed',
        message: 'An X post takes up to 4 images, or 1 GIF, or 1 video, without mixing them',
      },
    ]);
  });

  it('takes media without text', () => {
    expect(xContentProblems([part('', ['video', 'https://c.example/a.mp4'])])).toEqual([]);
  });
});
