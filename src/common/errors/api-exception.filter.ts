import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelope } from './error-envelope';
import { toErrorResponse } from './to-error-response';

/**
 * The one exception filter: every error, from a controller, a guard, validation or Fastify's body
 * parser, leaves as `{ success: false, error: { code, message, details?, requestId } }`.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const response = toErrorResponse(exception);

    if (response.unexpected) {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error({ msg: 'Unhandled error', requestId: request.id, err: err.message, stack: err.stack });
    } else if (response.code === 'database_unavailable') {
      this.logger.warn({ msg: 'Database unavailable', requestId: request.id });
    }

    const body: ErrorEnvelope = {
      success: false,
      error: {
        code: response.code,
        message: response.message,
        ...(response.details ? { details: response.details } : {}),
        requestId: String(request.id),
      },
    };
    void reply.status(response.status).headers(response.headers).type('application/json; charset=utf-8').send(body);
  }
}
