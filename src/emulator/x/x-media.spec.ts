import { FastifyInstance } from 'fastify';
import { emulatorApp, xTokens } from '../emulator.testing';

const API = '/emulator/x/api';
const BOUNDARY = 'b0undary';

function multipart(fields: Record<string, string>, bytes?: Buffer): Buffer {
  return Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...(bytes
      ? [
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          bytes,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** Media upload against X's OpenAPI document (MediaUploadRequest, InitializeMediaUploadRequest, AppendMediaUploadRequest). */
describe('emulated X media upload', () => {
  let app: FastifyInstance;
  let bearer: string;

  beforeEach(async () => {
    ({ app } = await emulatorApp());
    bearer = `Bearer ${(await xTokens(app)).access_token}`;
  });
  afterEach(() => app.close());

  const upload = (path: string, fields: Record<string, string>, bytes?: Buffer) =>
    app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { authorization: bearer, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(fields, bytes),
    });
  const initialize = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `${API}/2/media/upload/initialize`,
      headers: { authorization: bearer },
      payload,
    });

  it('refuses media_type on the one-request upload (its schema has none) and needs media_category', async () => {
    const withType = await upload(
      '/2/media/upload',
      { media_category: 'tweet_image', media_type: 'image/png' },
      Buffer.alloc(10),
    );
    expect(withType.statusCode).toBe(400);
    expect(withType.json()).toMatchObject({ errors: [{ parameters: { media_type: ['media_type'] } }] });
    expect((await upload('/2/media/upload', {}, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await upload('/2/media/upload', { media_category: 'tweet_photo' }, Buffer.alloc(10))).statusCode).toBe(400);
    expect((await upload('/2/media/upload', { media_category: 'tweet_image' }, Buffer.alloc(10))).statusCode).toBe(200);
  });

  it("takes on initialize only a media_type the spec enumerates, never an origin's octet-stream or a type with parameters", async () => {
    for (const mediaType of [
      'application/octet-stream',
      'binary/octet-stream',
      'video/mp4; charset=binary',
      'video/x-m4v',
    ]) {
      const answer = await initialize({ media_type: mediaType, total_bytes: 100, media_category: 'tweet_video' });
      expect({ mediaType, status: answer.statusCode }).toEqual({ mediaType, status: 400 });
    }
    expect(
      (await initialize({ media_type: 'video/mp4', total_bytes: 100, media_category: 'tweet_video', foo: 1 }))
        .statusCode,
    ).toBe(400);
    const form = await app.inject({
      method: 'POST',
      url: `${API}/2/media/upload/initialize`,
      headers: { authorization: bearer, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'media_type=video%2Fmp4&total_bytes=100&media_category=tweet_video',
    });
    expect(form.statusCode).toBe(400);
    const ok = await initialize({ media_type: 'video/quicktime', total_bytes: 100, media_category: 'tweet_video' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an append field the schema does not have, and polls STATUS with or without command', async () => {
    const id = (await initialize({ media_type: 'image/gif', total_bytes: 10 })).json().data.id;
    expect(
      (await upload(`/2/media/upload/${id}/append`, { segment_index: '0', media_type: 'image/gif' }, Buffer.alloc(10)))
        .statusCode,
    ).toBe(400);
    expect((await upload(`/2/media/upload/${id}/append`, { segment_index: '0' }, Buffer.alloc(10))).statusCode).toBe(
      200,
    );
    const finalize = await app.inject({
      method: 'POST',
      url: `${API}/2/media/upload/${id}/finalize`,
      headers: { authorization: bearer },
    });
    expect(finalize.json().data.processing_info).toEqual({
      state: 'pending',
      check_after_secs: 1,
      progress_percent: 0,
    });
    const status = (query: string) =>
      app.inject({ url: `${API}/2/media/upload?${query}`, headers: { authorization: bearer } });
    expect((await status(`media_id=${id}`)).statusCode).toBe(200);
    expect((await status(`command=STATUS&media_id=${id}`)).statusCode).toBe(200);
    expect((await status(`command=INIT&media_id=${id}`)).statusCode).toBe(400);
    expect((await status(`command=STATUS`)).statusCode).toBe(400);
    expect((await status(`command=STATUS&media_id=${id}&media_key=7_${id}`)).statusCode).toBe(400);
  });
});
