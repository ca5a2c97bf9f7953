import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from '../../common/errors/to-error-response';
import { ROUTES } from '../routes';
import { errorPage } from '../views/error.page';
import { CsrfRefused, SignInRequired } from '../dashboard-errors';
import { redirectTo, sendPage } from './page-reply';

/**
 * Errors on dashboard pages become HTML (the API's JSON envelope is for API clients): a missing
 * session goes to sign-in, a form without its CSRF token gets 403, a client mistake its 4xx with
 * the reason, and our own fault a 500 that says only the request id.
 */
@Catch()
export class DashboardExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof SignInRequired) return redirectTo(reply, ROUTES.signIn);
    if (exception instanceof CsrfRefused)
      return sendPage(reply, errorPage(403, 'Refused', exception.message, String(request.id)), 403);
    const response = toErrorResponse(exception);
    if (response.unexpected) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error({ msg: 'Unhandled error', reqId: request.id, err: error.message, stack: error.stack });
    }
    reply.headers(response.headers);
    const details = (response.details ?? []).map((detail) => detail.message);
    sendPage(
      reply,
      errorPage(response.status, titleFor(response.status), response.message, String(request.id), details),
      response.status,
    );
  }
}

function titleFor(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 409) return 'Not possible right now';
  if (status >= 500) return 'Something went wrong';
  return 'Not accepted';
}
