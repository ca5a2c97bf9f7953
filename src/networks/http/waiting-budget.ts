/**
 * The pieces of a streamed body, read within a time budget that counts only the time spent waiting
 * for them. A medium streamed to a network is read one upload chunk at a time, and the time spent
 * sending that chunk on is not the origin's: a deadline on the whole exchange would fail large
 * files for the upload's sake, while an origin trickling its bytes must still not hold a worker.
 * When the budget runs out, `expire` is called: it must end the body, so the wait in progress fails.
 */
export async function* withinWaitingBudget(
  pieces: AsyncIterable<Buffer>,
  budgetMs: number,
  expire: () => void,
): AsyncGenerator<Buffer> {
  const iterator = pieces[Symbol.asyncIterator]();
  let leftMs = budgetMs;
  for (;;) {
    const waitStarted = Date.now();
    const timer = setTimeout(expire, Math.max(leftMs, 0));
    let read: IteratorResult<Buffer>;
    try {
      read = await iterator.next();
    } finally {
      clearTimeout(timer);
    }
    leftMs -= Date.now() - waitStarted;
    if (read.done) return;
    yield read.value;
  }
}
