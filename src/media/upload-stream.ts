import { ApiException } from '../common/errors/api-exception';

export interface UploadStreamOptions {
  /** An upload whose bytes stop arriving for this long is ended (and fails). */
  idleMs: number;
  /** `beat` is called at most this often while bytes arrive. */
  beatEveryMs: number;
  /** Records that the upload is alive (the medium's upload_beat_at). */
  beat: () => Promise<void>;
}

/**
 * Passes an upload's body through, beating while bytes arrive and ending it when they stop for
 * `idleMs`. Together they let another PUT take over an upload whose process died (no beat for
 * longer than an idle upload can live: MediaUploads' STALE_UPLOAD_MS), and never one still alive.
 */
export async function* aliveUpload(
  body: AsyncIterable<Buffer | string>,
  options: UploadStreamOptions,
): AsyncGenerator<Buffer | string> {
  const pieces = body[Symbol.asyncIterator]();
  // The monotonic clock: a wall clock set back would hold the beats off, and a live upload would
  // look dead to another PUT.
  let lastBeat = performance.now();
  try {
    for (;;) {
      const next = await withIdleLimit(pieces.next(), options.idleMs);
      if (next.done) return;
      if (performance.now() - lastBeat >= options.beatEveryMs) {
        await options.beat();
        lastBeat = performance.now();
      }
      yield next.value;
    }
  } finally {
    // Stops reading the body; not awaited: an idle body's next() is still pending, and return()
    // waits behind it. (The request's socket is the HTTP server's to time out.)
    void pieces.return?.()?.catch(() => undefined);
  }
}

async function withIdleLimit<T>(next: Promise<T>, idleMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ApiException(
            'request_timeout',
            `No bytes arrived for ${Math.round(idleMs / 1000)} s: the upload was ended; PUT the file again`,
          ),
        ),
      idleMs,
    );
  });
  try {
    return await Promise.race([next, idle]);
  } finally {
    clearTimeout(timer);
  }
}
