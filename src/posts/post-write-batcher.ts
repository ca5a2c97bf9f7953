import { Injectable } from '@nestjs/common';
import { PostToWrite, PostWriter, WrittenPost } from './post-writer';

/** Posts per statement, at most. */
const MAX_BATCH = 64;
/** Statements in flight at once; while they are busy, new posts gather into the next one. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  post: PostToWrite;
  resolve(written: WrittenPost): void;
  reject(error: unknown): void;
}

/**
 * Group commit for POST /posts. Posts accepted at about the same time are written in one
 * statement, so one commit (and one wake-up NOTIFY to the workers, which PostgreSQL serialises
 * across transactions) serves them all. Each request still gets its answer only after its post
 * is committed. A batch that fails is written again one post at a time, so one post's problem
 * never fails another's request.
 */
@Injectable()
export class PostWriteBatcher {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private flushQueued = false;

  constructor(private readonly writer: PostWriter) {}

  write(post: PostToWrite): Promise<WrittenPost> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ post, resolve, reject });
      this.schedule();
    });
  }

  /** Flushes after the current turn of the event loop, so requests arriving together share it. */
  private schedule(): void {
    if (this.flushQueued || this.inFlight >= MAX_IN_FLIGHT || this.waiting.length === 0) return;
    this.flushQueued = true;
    setImmediate(() => {
      this.flushQueued = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= MAX_IN_FLIGHT) return;
    const batch = this.waiting.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.inFlight += 1;
    try {
      const written = await this.writer.write(batch.map((item) => item.post));
      batch.forEach((item, index) => item.resolve(written[index]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else
        await Promise.all(
          batch.map((item) => this.writer.write([item.post]).then(([written]) => item.resolve(written!), item.reject)),
        );
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }
}
