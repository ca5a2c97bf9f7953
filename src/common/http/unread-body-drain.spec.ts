import Fastify from 'fastify';
import { drainUnreadBodies } from './unread-body-drain';

describe('drainUnreadBodies', () => {
  it('leaves an injected request alone: it has no connection to close (the timer threw and killed the process)', async () => {
    const app = Fastify();
    drainUnreadBodies(app, { maxBytes: 10, maxMs: 30 });
    // Answered before the body is read, as the API key check does.
    app.addHook('onRequest', async (_request, reply) => reply.status(401).send({ refused: true }));
    app.post('/', async () => ({ ok: true }));
    const failures: unknown[] = [];
    const onError = (error: unknown) => failures.push(error);
    process.on('uncaughtException', onError);
    try {
      const response = await app.inject({ method: 'POST', url: '/', payload: { body: 'x'.repeat(1000) } });
      expect(response.statusCode).toBe(401);
      // Past maxMs, several checks later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(failures).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
      await app.close();
    }
  });
});
