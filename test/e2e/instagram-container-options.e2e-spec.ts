import { PublishedItem } from '../../src/emulator/state/published-log';
import { startEmulatedApp } from '../support/connect-flow';
import { instagramGraphFor, InstagramGraph } from '../support/instagram-graph';
import { startMediaServer } from '../support/media-server';
import { control } from '../support/sandbox-worlds';
import { TestApp } from '../support/test-app';
import { until } from '../support/until';

interface GraphErrorBody {
  error: { code: number; type: string; message: string; error_user_msg?: string; is_transient: boolean };
}

/**
 * The emulator's Instagram Graph over real HTTP, as a client calls it (with the emulator fetching the
 * media URLs it is handed): stories, reel settings and the feed options, refused where Meta's
 * publishing rules refuse them (contracts/meta/instagram-publishing-rules.json) and recorded on what
 * is published. Each test has a fresh emulator user and token.
 */
describe("Instagram placements and container options on the emulator's Graph", () => {
  let t: TestApp & { baseUrl: string };
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let ig: InstagramGraph;

  beforeAll(async () => {
    media = await startMediaServer();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
    await media?.close();
  });
  beforeEach(async () => {
    ig = await instagramGraphFor(t.baseUrl);
  });

  const published = async (): Promise<PublishedItem[]> =>
    (
      (await (await control(t, `/published?network=instagram&accountId=${ig.igUserId}`)).json()) as {
        data: PublishedItem[];
      }
    ).data;
  const container = async (params: Record<string, string>): Promise<string> => {
    const answer = await ig.call('POST', `/${ig.igUserId}/media`, params);
    const body = (await answer.json()) as { id: string };
    expect(answer.status).toBe(200);
    return body.id;
  };
  /** Publishes a container once its status reads FINISHED, as a publisher polls a video's. */
  const publish = async (containerId: string): Promise<string> => {
    await until(`container ${containerId} FINISHED`, async () => {
      const status = (await (await ig.call('GET', `/${containerId}`, { fields: 'status_code' })).json()) as {
        status_code: string;
      };
      return status.status_code === 'FINISHED';
    });
    const answer = await ig.call('POST', `/${ig.igUserId}/media_publish`, { creation_id: containerId });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { id: string }).id;
  };
  const mediaNode = async (id: string, fields: string) =>
    (await (await ig.call('GET', `/${id}`, { fields })).json()) as Record<string, unknown>;
  const refused = async (params: Record<string, string>): Promise<GraphErrorBody['error']> => {
    const answer = await ig.call('POST', `/${ig.igUserId}/media`, params);
    expect(answer.status).toBe(400);
    return ((await answer.json()) as GraphErrorBody).error;
  };

  it('publishes an image story, recorded and read back as STORY', async () => {
    const id = await publish(await container({ media_type: 'STORIES', image_url: media.url('story.jpg') }));
    expect(await mediaNode(id, 'media_type,media_product_type')).toEqual({
      id,
      media_type: 'IMAGE',
      media_product_type: 'STORY',
    });
    expect(await published()).toEqual([
      expect.objectContaining({
        postId: id,
        instagram: { productType: 'STORY' },
        media: [expect.objectContaining({ type: 'image', url: media.url('story.jpg') })],
      }),
    ]);
  });

  it('publishes a reel with a cover and share_to_feed=false, recorded with both', async () => {
    const id = await publish(
      await container({
        media_type: 'REELS',
        video_url: media.url('reel.mp4'),
        caption: 'A reel',
        cover_url: media.url('cover.jpg'),
        share_to_feed: 'false',
      }),
    );
    expect(await mediaNode(id, 'media_product_type,is_shared_to_feed')).toEqual({
      id,
      media_product_type: 'REELS',
      is_shared_to_feed: false,
    });
    expect((await published())[0]).toMatchObject({
      text: 'A reel',
      instagram: { productType: 'REELS', coverUrl: media.url('cover.jpg'), shareToFeed: false },
      media: [{ type: 'video' }],
    });
  });

  it('publishes a feed image with alt text, user tags, collaborators and a location, all recorded', async () => {
    const id = await publish(
      await container({
        image_url: media.url('feed.jpg'),
        caption: 'With friends',
        alt_text: 'Three people at a table',
        user_tags: JSON.stringify([{ username: 'bob', x: 0.25, y: 0.75 }]),
        collaborators: JSON.stringify(['carol', 'dan']),
        location_id: '110843418940484',
      }),
    );
    expect(await mediaNode(id, 'alt_text,media_product_type')).toEqual({
      id,
      alt_text: 'Three people at a table',
      media_product_type: 'FEED',
    });
    expect((await published())[0]).toMatchObject({
      text: 'With friends',
      instagram: { productType: 'FEED', collaborators: ['carol', 'dan'], locationId: '110843418940484' },
      media: [{ altText: 'Three people at a table', userTags: [{ username: 'bob', x: 0.25, y: 0.75 }] }],
    });
  });

  it.each([
    [
      'collaborators on a story',
      { media_type: 'STORIES', image_url: 'story.jpg', collaborators: '["carol"]' },
      '"collaborators" is not supported on story containers',
    ],
    [
      '4 collaborators',
      { image_url: 'feed.jpg', collaborators: '["a","b","c","d"]' },
      '"collaborators" lists 4 items; at most 3',
    ],
    [
      'a user tag at x=1.2',
      { image_url: 'feed.jpg', user_tags: '[{"username":"bob","x":1.2,"y":0.5}]' },
      'user_tags[0].x must be a number from 0 to 1',
    ],
    [
      'alt text on a reel',
      { media_type: 'REELS', video_url: 'reel.mp4', alt_text: 'A clip' },
      '"alt_text" is not supported on reel containers',
    ],
    [
      'trial_params on an image',
      { image_url: 'feed.jpg', trial_params: '{"graduation_strategy":"MANUAL"}' },
      '"trial_params" is not supported on image containers',
    ],
  ])("refuses %s with Graph's code 100 naming the parameter, and publishes nothing", async (_, params, why) => {
    const withUrls = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, name.endsWith('_url') ? media.url(value) : value]),
    );
    const error = await refused(withUrls);
    expect(error).toMatchObject({
      code: 100,
      type: 'OAuthException',
      message: 'Invalid parameter',
      is_transient: false,
    });
    expect(error.error_user_msg).toContain(why);
    expect(await published()).toEqual([]);
  });
});
