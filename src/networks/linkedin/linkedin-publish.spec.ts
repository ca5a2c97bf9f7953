import { part, publishRequest } from '../graph/publish-request.testing';
import { answer } from '../http/recording-http.testing';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import { adapterWith, contractViolations, LI_API, LI_MEMBER, LI_ORG, LI_TOKEN, POLL_MS } from './linkedin.fixtures';

const JPG = 'https://cdn.example.com/cake.jpg';
const PNG = 'https://cdn.example.com/bread.png';
const MP4 = 'https://cdn.example.com/clip.mp4';

const request = (
  author: string,
  parts: PostPart[],
  options?: Parameters<typeof publishRequest>[3],
  postOptions?: Record<string, unknown>,
) => ({
  ...publishRequest(author, LI_TOKEN, parts, options),
  ...(postOptions ? { options: postOptions } : {}),
});
const created = (urn: string) => answer(201, '', { 'x-restli-id': urn });
const initImage = (urn: string) =>
  answer(200, {
    value: { uploadUrl: `https://www.linkedin.com/dms-uploads/${urn}`, image: urn, uploadUrlExpiresAt: 1 },
  });
const uploaded = (etag?: string) => answer(201, '', etag ? { etag } : {});
const bodyOf = (http: { requests: { url: string; method: string; json?: unknown }[] }) =>
  http.requests.find((sent) => sent.method === 'POST' && sent.url === `${LI_API}/rest/posts`)!.json as Record<
    string,
    unknown
  >;

describe('LinkedInAdapter publishing (requests checked against the LinkedIn contract)', () => {
  it('posts text as the member with every reserved character escaped, both headers, and the URN from x-restli-id', async () => {
    const { adapter, http } = adapterWith(created('urn:li:share:7001'));
    const outcome = await adapter.publish(request(LI_MEMBER, [part('Rye (dark) #1 @ 5 [sic]')]));
    expect(outcome).toEqual({
      kind: 'published',
      platformPostId: 'urn:li:share:7001',
      permalink: 'https://www.linkedin.com/feed/update/urn:li:share:7001',
      progress: expect.objectContaining({ postUrn: 'urn:li:share:7001' }),
    });
    expect(http.requests[0]!.headers).toMatchObject({
      Authorization: `Bearer ${LI_TOKEN}`,
      'LinkedIn-Version': expect.stringMatching(/^\d{6}$/),
      'X-Restli-Protocol-Version': '2.0.0',
    });
    expect(bodyOf(http)).toEqual({
      author: LI_MEMBER,
      commentary: 'Rye \\(dark\\) \\#1 \\@ 5 \\[sic\\]',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
    });
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('uploads two images for the organization and posts them as a multi-image post with their alt text', async () => {
    const { adapter, http } = adapterWith(
      initImage('urn:li:image:A1'),
      uploaded(),
      initImage('urn:li:image:A2'),
      uploaded(),
      created('urn:li:share:7002'),
    );
    const post: PostPart = {
      text: 'Two loaves',
      media: [
        { kind: 'image', url: JPG, altText: 'A rye loaf' },
        { kind: 'image', url: PNG },
      ],
    };
    const sent = request(LI_ORG, [post], {}, { disableReshare: true });
    await adapter.publish(sent);
    expect(http.requests[0]).toMatchObject({
      method: 'POST',
      url: `${LI_API}/rest/images?action=initializeUpload`,
      json: { initializeUploadRequest: { owner: LI_ORG } },
    });
    expect(http.requests[1]).toMatchObject({
      method: 'PUT',
      url: 'https://www.linkedin.com/dms-uploads/urn:li:image:A1',
    });
    expect(bodyOf(http).content).toEqual({
      multiImage: { images: [{ id: 'urn:li:image:A1', altText: 'A rye loaf' }, { id: 'urn:li:image:A2' }] },
    });
    expect(bodyOf(http).isReshareDisabledByAuthor).toBe(true);
    expect(sent.checkpoints.map((progress) => progress.media)).toEqual([
      ['urn:li:image:A1'],
      ['urn:li:image:A1', 'urn:li:image:A2'],
      ['urn:li:image:A1', 'urn:li:image:A2'],
    ]);
    expect(contractViolations(http.requests)).toEqual([]);
  });

  it('uploads a video part by part to each instruction URL, finalizes with the ETags in order, and posts it once AVAILABLE', async () => {
    const size = Buffer.from(`bytes of ${MP4}`).length;
    const { adapter, http } = adapterWith(
      answer(200, {
        value: {
          video: 'urn:li:video:V1',
          uploadToken: 'tok',
          uploadUrlsExpireAt: 1,
          uploadInstructions: [
            { uploadUrl: 'https://up.example/1', firstByte: 0, lastByte: 9 },
            { uploadUrl: 'https://up.example/2', firstByte: 10, lastByte: size - 1 },
          ],
        },
      }),
      uploaded('etag-1'),
      uploaded('etag-2'),
      answer(200, {}),
      answer(200, { id: 'urn:li:video:V1', status: 'PROCESSING' }),
    );
    const first = await adapter.publish(request(LI_MEMBER, [part('Kneading', ['video', MP4])]));
    expect(first).toMatchObject({ kind: 'poll', progress: { media: ['urn:li:video:V1'] } });
    expect((first as { at: Date }).at.getTime()).toBeGreaterThan(Date.now() + POLL_MS - 1000);
    expect(http.requests.slice(1, 3).map((sent) => [sent.url, sent.bytes?.data.length])).toEqual([
      ['https://up.example/1', 10],
      ['https://up.example/2', size - 10],
    ]);
    expect(http.requests[3]!.json).toEqual({
      finalizeUploadRequest: { video: 'urn:li:video:V1', uploadToken: 'tok', uploadedPartIds: ['etag-1', 'etag-2'] },
    });
    const again = adapterWith(
      answer(200, { id: 'urn:li:video:V1', status: 'AVAILABLE' }),
      created('urn:li:share:7003'),
    );
    const done = await again.adapter.publish(
      request(LI_MEMBER, [part('Kneading', ['video', MP4])], {
        progress: (first as { progress: Record<string, unknown> }).progress,
      }),
    );
    expect(done).toMatchObject({ kind: 'published', platformPostId: 'urn:li:share:7003' });
    expect(bodyOf(again.http).content).toEqual({ media: { id: 'urn:li:video:V1' } });
    expect(contractViolations([...http.requests, ...again.http.requests])).toEqual([]);
  });

  it('gives a video up when LinkedIn still processes it 30 minutes after it was first read so', async () => {
    const progress = { media: ['urn:li:video:V1'], processingSince: new Date(Date.now() - 31 * 60_000).toISOString() };
    const { adapter } = adapterWith(answer(200, { id: 'urn:li:video:V1', status: 'PROCESSING' }));
    await expect(
      adapter.publish(request(LI_MEMBER, [part('Kneading', ['video', MP4])], { progress })),
    ).rejects.toMatchObject({
      kind: 'permanent',
      details: { code: 'PROCESSING' },
    });
  });

  it('after a lost answer, finds the post among the author’s newest and adopts it instead of posting twice', async () => {
    const creatingAt = new Date(Date.now() - 60_000).toISOString();
    const { adapter, http } = adapterWith(
      answer(200, {
        elements: [{ id: 'urn:li:share:7004', commentary: 'Hello', createdAt: Date.now() - 30_000 }],
        paging: {},
      }),
    );
    // Not `resuming` (the attempt ended in a 500, not a crash): the recorded creation is what tells.
    const outcome = await adapter.publish(
      request(LI_ORG, [part('Hello')], { resuming: false, progress: { media: [], creatingAt } }),
    );
    expect(outcome).toMatchObject({ kind: 'published', platformPostId: 'urn:li:share:7004' });
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]!.url).toBe(
      `${LI_API}/rest/posts?q=author&author=urn%3Ali%3Aorganization%3A2414183&count=20&sortBy=LAST_MODIFIED`,
    );
  });

  it("after a lost answer on a member's post (its posts unreadable), adopts the post LinkedIn's duplicate refusal names", async () => {
    const { adapter } = adapterWith(
      answer(403, {
        status: 403,
        code: 'ACCESS_DENIED',
        message: 'Not enough permissions to access: partnerApiPostsExternal.FINDER-author',
      }),
      answer(422, { status: 422, code: 'DUPLICATE_POST', message: 'Content is a duplicate of urn:li:share:7005' }),
    );
    const outcome = await adapter.publish(
      request(LI_MEMBER, [part('Hello')], {
        resuming: true,
        progress: { media: [], creatingAt: new Date().toISOString() },
      }),
    );
    expect(outcome).toMatchObject({ kind: 'published', platformPostId: 'urn:li:share:7005' });
  });

  it("on a first attempt, a duplicate refusal is the customer's same post again: refused, not adopted", async () => {
    const { adapter } = adapterWith(
      answer(422, { status: 422, code: 'DUPLICATE_POST', message: 'Content is a duplicate of urn:li:share:7006' }),
    );
    await expect(adapter.publish(request(LI_MEMBER, [part('Hello')]))).rejects.toMatchObject({ kind: 'permanent' });
  });

  it('classifies LinkedIn errors: 426 permanent naming the setting, 401 auth_expired, 403 permission, 422 duplicate permanent, 429 until midnight UTC, 5xx transient', async () => {
    const cases: [number, string, string][] = [
      [426, 'NONEXISTENT_VERSION', 'permanent'],
      [401, 'EXPIRED_ACCESS_TOKEN', 'auth_expired'],
      [403, 'ACCESS_DENIED', 'permanent'],
      [422, 'DUPLICATE_POST', 'permanent'],
      [429, 'TOO_MANY_REQUESTS', 'rate_limited'],
      [503, 'SERVICE_UNAVAILABLE', 'transient'],
    ];
    for (const [status, code, kind] of cases) {
      const { adapter } = adapterWith(answer(status, { status, code, message: 'no' }));
      const error = await adapter.publish(request(LI_MEMBER, [part('x')])).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      expect({ status, kind: (error as NetworkError).kind }).toEqual({ status, kind });
      if (status === 403) expect((error as NetworkError).details.permissionDenied).toBe(true);
      if (status === 426) expect((error as NetworkError).message).toMatch(/LINKEDIN_VERSION/);
      if (status === 429) {
        const retryAt = (error as NetworkError).details.retryAt!;
        expect(retryAt.getUTCHours()).toBe(0);
        expect(retryAt.getTime()).toBeGreaterThan(Date.now());
        expect(retryAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
      }
    }
  });

  it("refuses CONNECTIONS visibility on an organization's post before calling", async () => {
    const { adapter, http } = adapterWith();
    await expect(
      adapter.publish(request(LI_ORG, [part('x')], {}, { visibility: 'CONNECTIONS' })),
    ).rejects.toMatchObject({ kind: 'permanent' });
    expect(http.requests).toEqual([]);
  });

  it('refuses a second container: LinkedIn has no threads', () => {
    const { adapter } = adapterWith();
    expect(adapter.validate([part('One'), part('Two')])).toEqual([
      expect.objectContaining({ field: 'containers[1]', rule: 'thread_not_allowed' }),
    ]);
    expect(adapter.validate([part('', ['image', JPG])])).toEqual([]);
    expect(adapter.validate([part('')], { poll: { question: 'Rye?', options: ['Yes', 'No'] } })).toEqual([]);
  });
});
