import { part, publishRequest } from '../graph/publish-request.testing';
import { answer, APP, RecordedAnswer, RecordingHttp } from '../http/recording-http.testing';
import { DownloadedBytes, NetworkRequest, NetworkResponse, StreamedDownload } from '../http/network-http.client';
import { FacebookAdapter } from './facebook.adapter';
import { GRAPH } from './facebook.fixtures';
import {
  PAGE_ID,
  PAGE_TOKEN,
  videoFinishAnswer,
  videoStartAnswer,
  videoStatusAnswer,
  videoTransferAnswer,
} from './facebook-publish.fixtures';
import { FACEBOOK_MAX_VIDEO_CHUNK_BYTES } from './facebook-video-transfer';
import { FacebookSettings } from './facebook.settings';

const CLIP = 'https://cdn.example.com/clip.mp4';

/** Facebook's refusal of a transfer for its offsets, naming the chunk it wants instead. */
const wrongChunkAnswer = (startOffset: number, endOffset: number) => ({
  error: {
    message: 'There was a problem uploading your video. Please try again.',
    type: 'OAuthException',
    code: 6001,
    error_subcode: 1363037,
    error_data: { start_offset: startOffset, end_offset: endOffset },
    is_transient: false,
    fbtrace_id: 'AUpRzpz',
  },
});

/**
 * Facebook's recorded answers, and a video's origin that serves it in pieces, counting how far it
 * has been read each time a request goes to Facebook.
 */
class VideoOrigin extends RecordingHttp {
  private read = 0;
  /** Bytes read from the origin when each request to Facebook was sent. */
  readonly readWhenSent: number[] = [];
  closed = false;

  constructor(
    private readonly video: Buffer,
    private readonly pieceBytes: number,
    answers: RecordedAnswer[],
    private readonly headers: Record<string, string> = {
      'content-type': 'video/mp4',
      'content-length': String(video.length),
    },
  ) {
    super(...answers);
  }

  override send(request: NetworkRequest): Promise<NetworkResponse> {
    this.readWhenSent.push(this.read);
    return super.send(request);
  }

  /** The whole file at once, as a buffered download reads it. */
  override async download(url: string): Promise<DownloadedBytes> {
    this.downloads.push(url);
    this.read = this.video.length;
    return { status: 200, bytes: this.video, contentType: 'video/mp4' };
  }

  override async openDownload(url: string): Promise<StreamedDownload> {
    this.downloads.push(url);
    return { status: 200, headers: this.headers, body: this.pieces(), close: () => void (this.closed = true) };
  }

  private async *pieces(): AsyncGenerator<Buffer> {
    for (let at = 0; at < this.video.length; at += this.pieceBytes) {
      const piece = this.video.subarray(at, at + this.pieceBytes);
      this.read += piece.length;
      yield piece;
    }
  }
}

const settings = new FacebookSettings('https://www.facebook.com/v25.0/dialog/oauth', GRAPH, APP, false);

function upload(origin: VideoOrigin) {
  const delivery = publishRequest(PAGE_ID, PAGE_TOKEN, [part('Clip', ['video', CLIP])]);
  return { delivery, publishing: new FacebookAdapter(settings, origin).publish(delivery) };
}

/** The transfers sent, as [start_offset, the chunk's bytes]. */
function transfers(origin: VideoOrigin): Array<[string, Buffer]> {
  return origin.requests.flatMap((sent) => {
    const fields = sent.multipart;
    const chunk = fields?.video_file_chunk;
    return fields?.upload_phase === 'transfer' && typeof chunk === 'object'
      ? [[String(fields.start_offset), chunk.data] as [string, Buffer]]
      : [];
  });
}

describe('A Facebook video is streamed from its origin to the resumable upload', () => {
  const video = Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251));

  it('reads its origin no further than the chunk being sent, and sends every chunk in order', async () => {
    const origin = new VideoOrigin(video, 100, [
      answer(200, videoStartAnswer('v1', 's1', 1000)),
      answer(200, videoTransferAnswer(1000, 2000)),
      answer(200, videoTransferAnswer(2000, 3000)),
      answer(200, videoTransferAnswer(3000, 3000)),
      answer(200, videoFinishAnswer()),
      answer(200, videoStatusAnswer('v1', 'processing')),
    ]);
    const { delivery, publishing } = upload(origin);
    await expect(publishing).resolves.toMatchObject({ kind: 'poll' });
    expect(origin.requests[0]!.form).toMatchObject({ upload_phase: 'start', file_size: '3000' });
    expect(transfers(origin)).toEqual([
      ['0', video.subarray(0, 1000)],
      ['1000', video.subarray(1000, 2000)],
      ['2000', video.subarray(2000, 3000)],
    ]);
    // Nothing read before the start, then each transfer sent with its own chunk read, and no more.
    expect(origin.readWhenSent).toEqual([0, 1000, 2000, 3000, 3000, 3000]);
    expect(delivery.checkpoints[0]).toEqual({ photoIds: [], commentIds: [], videoId: 'v1', videoSessionId: 's1' });
    expect(origin.closed).toBe(true);
  });

  it('sends exactly the range Facebook asks for, however large, never a shorter chunk', async () => {
    const large = Buffer.alloc(20 * 1024 * 1024 + 10, 7);
    const origin = new VideoOrigin(large, 1024 * 1024, [
      answer(200, videoStartAnswer('v1', 's1', large.length)),
      answer(200, videoTransferAnswer(large.length, large.length)),
      answer(200, videoFinishAnswer()),
      answer(200, videoStatusAnswer('v1', 'processing')),
    ]);
    await expect(upload(origin).publishing).resolves.toMatchObject({ kind: 'poll' });
    expect(transfers(origin).map(([start, data]) => [start, data.length])).toEqual([['0', large.length]]);
  });

  it('refuses, without sending it, a chunk larger than FACEBOOK_MAX_VIDEO_CHUNK_BYTES', async () => {
    const bytes = FACEBOOK_MAX_VIDEO_CHUNK_BYTES + 1;
    const tooMuch = new VideoOrigin(Buffer.alloc(bytes), 1024 * 1024, [
      answer(200, videoStartAnswer('v1', 's1', bytes)),
    ]);
    await expect(upload(tooMuch).publishing).rejects.toMatchObject({ kind: 'permanent' });
    expect(transfers(tooMuch)).toEqual([]);
  });

  it('sends again the chunk a 1363037 refusal names in its error_data, from the chunk it keeps', async () => {
    const origin = new VideoOrigin(video, 100, [
      answer(200, videoStartAnswer('v1', 's1', 1000)),
      answer(200, videoTransferAnswer(1000, 2000)),
      answer(400, wrongChunkAnswer(1000, 1500)),
      answer(200, videoTransferAnswer(1500, 3000)),
      answer(200, videoTransferAnswer(3000, 3000)),
      answer(200, videoFinishAnswer()),
      answer(200, videoStatusAnswer('v1', 'processing')),
    ]);
    await expect(upload(origin).publishing).resolves.toMatchObject({ kind: 'poll' });
    expect(transfers(origin)).toEqual([
      ['0', video.subarray(0, 1000)],
      ['1000', video.subarray(1000, 2000)],
      ['1000', video.subarray(1000, 1500)],
      ['1500', video.subarray(1500, 3000)],
    ]);
  });

  it('gives up, for a retry, when Facebook keeps refusing the chunks with 1363037', async () => {
    const origin = new VideoOrigin(video, 100, [
      answer(200, videoStartAnswer('v1', 's1', 1000)),
      answer(400, wrongChunkAnswer(0, 1000)),
      answer(400, wrongChunkAnswer(0, 1000)),
      answer(400, wrongChunkAnswer(0, 1000)),
    ]);
    await expect(upload(origin).publishing).rejects.toMatchObject({
      kind: 'transient',
      message: expect.stringMatching(/kept refusing the video's chunk from offset 0/),
    });
    expect(transfers(origin)).toHaveLength(3);
  });

  it('fails the attempt, for a retry, when Facebook asks again for bytes from before the last chunk', async () => {
    const origin = new VideoOrigin(video, 100, [
      answer(200, videoStartAnswer('v1', 's1', 1000)),
      answer(200, videoTransferAnswer(1000, 2000)),
      answer(200, videoTransferAnswer(500, 1500)),
    ]);
    const { delivery, publishing } = upload(origin);
    await expect(publishing).rejects.toMatchObject({
      kind: 'transient',
      message: expect.stringMatching(/asked again for the video's bytes from offset 500, already sent up to 2000/),
    });
    expect(delivery.checkpoints).toEqual([{ photoIds: [], commentIds: [], videoId: 'v1', videoSessionId: 's1' }]);
    expect(origin.closed).toBe(true);
  });

  it("fails for good, starting no session, when the origin does not say the video's size", async () => {
    const origin = new VideoOrigin(video, 100, [], { 'content-type': 'video/mp4' });
    const { delivery, publishing } = upload(origin);
    await expect(publishing).rejects.toMatchObject({ kind: 'permanent', details: { code: 'media_size_unknown' } });
    expect(origin.requests).toEqual([]);
    expect(delivery.checkpoints).toEqual([]);
    expect(origin.closed).toBe(true);
  });
});
