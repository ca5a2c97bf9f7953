import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { OnModuleDestroy } from '@nestjs/common';
import { PassThrough, Readable } from 'node:stream';
import type { S3Settings } from '../config';
import { ByteRange, MediaStorage } from './media-storage';

/**
 * Media bytes in an S3-compatible bucket, one object per medium under `media/<id>`, through the
 * official AWS SDK. An upload streams into one PutObject of its announced length (at most 1 GB,
 * under S3's 5 GB for one request); a range is S3's own.
 */
export class S3MediaStorage extends MediaStorage implements OnModuleDestroy {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where an operation requires one: by default the SDK sends a streamed body
      // in aws-chunked framing with a trailing checksum, which S3-compatible stores other than
      // AWS often do not understand (and store the framing as if it were the file).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(mediaId: string): string {
    return `media/${mediaId}`;
  }

  async put(mediaId: string, body: AsyncIterable<Buffer>, size: number): Promise<number> {
    let stored = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const piece of body) {
          stored += piece.length;
          yield piece;
        }
      })(),
    );
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(mediaId),
        Body: counted,
        ContentLength: size,
      }),
    );
    return stored;
  }

  get(mediaId: string, range?: ByteRange): Readable {
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(mediaId),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (error) => out.destroy(error));
        out.on('close', () => body.destroy());
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
    return out;
  }

  async delete(mediaId: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(mediaId) }));
  }

  async size(mediaId: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(mediaId) }),
      );
      return head.ContentLength;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  /** Lets go of the client's connections. */
  close(): void {
    this.client.destroy();
  }

  onModuleDestroy(): void {
    this.close();
  }
}
