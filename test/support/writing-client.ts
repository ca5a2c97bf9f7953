import { connect } from 'node:net';

export interface WritingClientAnswer {
  /** Everything the server sent, as text. */
  answer: string;
  /** The socket error that ended the exchange (ECONNRESET, EPIPE), if any. */
  error?: string;
  /** Body bytes written before the exchange ended. */
  written: number;
}

/** Whether the text holds a whole answer (its head, and as much body as its Content-Length says). */
function answerComplete(answer: string): boolean {
  const end = answer.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(answer.slice(0, end));
  return Buffer.byteLength(answer.slice(end + 4)) >= Number(length?.[1] ?? 0);
}

/**
 * A client that sends `head`, then keeps writing body chunks (up to `bodyBytes`) for as long as the
 * server lets it, the way a real client uploads without waiting for an early answer, and resolves
 * with what the server answered (as soon as the whole answer is in) and how the connection ended. A reset before the answer was read
 * leaves `answer` empty.
 */
export function writeUntilAnswered(
  port: number,
  head: string,
  bodyBytes: number,
  chunkBytes = 64 * 1024,
): Promise<WritingClientAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunk = Buffer.alloc(chunkBytes, 'a');
    let answer = '';
    let written = 0;
    let error: string | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ answer, error, written });
    };
    const writeMore = () => {
      while (!done && !socket.destroyed && written < bodyBytes) {
        const size = Math.min(chunkBytes, bodyBytes - written);
        written += size;
        if (written >= bodyBytes) socket.resume();
        if (!socket.write(size === chunkBytes ? chunk : chunk.subarray(0, size))) {
          socket.once('drain', writeMore);
          return;
        }
      }
    };
    // Like most clients, it reads the answer only once it has sent the body (or cannot send more).
    socket.pause();
    socket.on('data', (data) => {
      answer += data.toString();
      if (answerComplete(answer)) {
        finish();
        socket.destroy();
      }
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    // The server stopped reading (its buffers full, or gone): read what it answered.
    socket.setTimeout(1000, () => socket.resume());
    socket.on('close', finish);
    setTimeout(() => socket.destroy(), 15_000).unref();
    socket.write(head);
    writeMore();
  });
}
