import { ThreadsContract } from './threads-contract';
import { threadsLinkCount, threadsTextLength } from './threads-rules';

const contract = ThreadsContract.load();
const messages = (method: string, path: string, params: Record<string, string>) =>
  contract.checkRequest({ method, path, params }).map((violation) => violation.message);

describe('ThreadsContract (Meta Postman collection + reference pages)', () => {
  it('keeps the source, commit and date of the collection it was taken from', () => {
    expect(contract.collection['x-contract-source']).toMatchObject({
      repository: 'https://github.com/fbsamples/threads_api',
      path: 'postman/threads-api.postman_collection.json',
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      retrieved: '2026-11-26',
    });
  });

  it('takes the requests the collection describes, with `me` or the user id, versioned or not', () => {
    expect(messages('POST', '/me/threads', { media_type: 'TEXT', text: 'Hello', access_token: 't' })).toEqual([]);
    expect(messages('POST', '/v1.0/1234/threads_publish', { creation_id: '1', access_token: 't' })).toEqual([]);
    expect(messages('GET', '/17890/insights', { metric: 'views,likes,replies,reposts,quotes,shares' })).toEqual([]);
    expect(messages('GET', '/17890', { fields: 'id,status,error_message' })).toEqual([]);
    expect(messages('GET', '/me/threads_publishing_limit', { fields: 'quota_usage,config' })).toEqual([]);
  });

  it('reports operations, parameters and listed values the collection does not have', () => {
    expect(messages('POST', '/me/media', {})).toEqual(['is not an operation of the Threads API collection']);
    expect(messages('POST', '/me/threads_publish', { creation_id: '1', caption: 'x' })).toEqual([
      '"caption" is not a parameter of this operation',
    ]);
    expect(messages('GET', '/17890/insights', { metric: 'views,impressions' })).toEqual([
      '"metric" names impressions, which the collection does not list',
    ]);
    expect(messages('GET', '/me/threads', { before: 'a', after: 'b' })).toContain(
      '"before" and "after" cannot be sent in the same request',
    );
  });

  it('holds a container to the reference pages: media, text, links, children, reply control, poll, alt text, topic', () => {
    const container = (params: Record<string, string>) => messages('POST', '/me/threads', params);
    expect(container({ media_type: 'IMAGE' })).toEqual(['"image_url" is required on IMAGE containers']);
    expect(container({ media_type: 'TEXT', text: 'a'.repeat(501) })[0]).toMatch(/at most 500 characters/);
    expect(container({ media_type: 'TEXT', text: 'a'.repeat(500) })).toEqual([]);
    const links = Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`).join(' ');
    expect(
      contract.checkRequest({ method: 'POST', path: '/me/threads', params: { media_type: 'TEXT', text: links } }),
    ).toEqual([expect.objectContaining({ code: 'THREADS_API__LINK_LIMIT_EXCEEDED' })]);
    expect(container({ media_type: 'CAROUSEL', children: '1' })[0]).toMatch(/2 to 20/);
    expect(container({ media_type: 'TEXT', text: 'x', reply_control: 'nobody' })[0]).toMatch(/not one of everyone/);
    expect(container({ media_type: 'TEXT', text: 'x', poll_attachment: JSON.stringify({ option_a: 'yes' }) })).toEqual([
      'poll_attachment.option_b is required',
    ]);
    expect(
      container({
        media_type: 'TEXT',
        text: 'x',
        poll_attachment: JSON.stringify({ option_a: 'a', option_b: 'b' }),
        link_attachment: 'https://example.com',
      }),
    ).toContain('"poll_attachment" cannot be sent with "link_attachment"');
    expect(container({ media_type: 'IMAGE', image_url: 'https://e.com/a.jpg', alt_text: 'a'.repeat(1001) })).toEqual([
      '"alt_text" must be at most 1000 characters long',
    ]);
    expect(container({ media_type: 'TEXT', text: 'x', alt_text: 'a' })).toEqual([
      '"alt_text" is taken by IMAGE, VIDEO containers only',
    ]);
    expect(container({ media_type: 'TEXT', text: 'x', topic_tag: 'a.b' })).toEqual(['"topic_tag" may not hold .']);
    expect(
      container({
        media_type: 'IMAGE',
        image_url: 'https://e.com/a.jpg',
        is_carousel_item: 'true',
        reply_control: 'everyone',
      })[0],
    ).toMatch(/not taken by carousel items/);
  });

  it('counts text as Threads does: an emoji as its UTF-8 bytes, links once each', () => {
    expect(threadsTextLength('abc')).toBe(3);
    expect(threadsTextLength('é')).toBe(1);
    expect(threadsTextLength('👍')).toBe(4);
    expect(threadsTextLength('👍🏽')).toBe(8);
    expect(threadsLinkCount('see https://a.com and https://a.com/ and www.b.com', ['https://c.com'])).toBe(3);
  });
});
