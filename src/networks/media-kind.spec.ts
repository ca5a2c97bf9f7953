import { mediaExtensionOf, mediaKindOf } from './media-kind';

describe('mediaKindOf', () => {
  it.each([
    ['https://cdn.example.com/a/photo.jpg', 'image'],
    ['https://cdn.example.com/a/photo.JPEG', 'image'],
    ['https://cdn.example.com/photo.png?width=1080&format=mp4', 'image'],
    ['https://cdn.example.com/photo.webp#top', 'image'],
    ['https://cdn.example.com/scan.bmp', 'image'],
    ['https://cdn.example.com/scan.tif', 'image'],
    ['https://cdn.example.com/scan.TIFF', 'image'],
    ['https://cdn.example.com/loop.gif', 'gif'],
    ['https://cdn.example.com/clip.mp4', 'video'],
    ['https://cdn.example.com/clip.MOV?sig=abc.jpg', 'video'],
    ['https://cdn.example.com/clip.m4v', 'video'],
    ['http://127.0.0.1:4000/media/my.clip.mp4', 'video'],
  ])('%s is %s', (url, kind) => {
    expect(mediaKindOf(url)).toBe(kind);
  });

  it.each([
    'https://cdn.example.com/document.pdf',
    'https://cdn.example.com/no-extension',
    'https://cdn.example.com/dir.jpg/',
    'https://cdn.example.com/.jpg',
    'https://cdn.example.com/image?file=photo.jpg',
    'https://photo.jpg',
  ])('does not know %s', (url) => {
    expect(mediaKindOf(url)).toBeUndefined();
  });

  it('reads the extension of relative or malformed URLs without the query', () => {
    expect(mediaExtensionOf('photos/cake.JPG?x=1.png')).toBe('jpg');
    expect(mediaKindOf('not a url.gif')).toBe('gif');
  });
});
