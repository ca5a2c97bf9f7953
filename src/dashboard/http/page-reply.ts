import { FastifyReply } from 'fastify';
import { SafeHtml } from '../views/html';

export function sendPage(reply: FastifyReply, page: SafeHtml, status = 200): void {
  void reply.status(status).type('text/html; charset=utf-8').send(page.text);
}

/** 303: after a form post, the browser follows with a GET (reloading does not post again). */
export function redirectTo(reply: FastifyReply, location: string): void {
  void reply.status(303).header('Location', location).send();
}
