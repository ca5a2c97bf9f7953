import { FastifyReply } from 'fastify';

/** What a held reply's `send` gives the handler instead of the reply. */
const KEPT_BACK = Object.freeze({ keptBack: true });

/** A reply whose `send` is kept back: what the handler sent, sent later by `release`. */
export interface HeldReply {
  /** Puts `send` back; with `answer`, sends what the handler sent, if it sent anything (true then). */
  release(answer: boolean): boolean;
}

/**
 * Keeps back what a test world's handler sends (`reply.send(…)`, as most routes answer) until the
 * world's transaction has committed and any owed delay is slept: the caller never reads an answer
 * before the world holds what it says, and a `slow` fault delays the answer itself.
 */
export function holdReply(reply: FastifyReply): HeldReply {
  const own = reply as { send: FastifyReply['send'] };
  const hadOwnSend = Object.prototype.hasOwnProperty.call(reply, 'send');
  const send = reply.send;
  let sent: { payload: unknown } | undefined;
  own.send = ((payload?: unknown) => {
    sent = { payload };
    // Not the reply: a reply is a thenable that settles once sent, so a handler returning it
    // (`return reply.send(…)`) would wait for an answer held back until it returns.
    return KEPT_BACK;
  }) as unknown as FastifyReply['send'];
  let released = false;
  return {
    release(answer: boolean) {
      if (released) return false;
      released = true;
      if (hadOwnSend) own.send = send;
      else delete (own as Partial<typeof own>).send;
      if (!answer || !sent) return false;
      reply.send(sent.payload);
      return true;
    },
  };
}
