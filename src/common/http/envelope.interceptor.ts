import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, map } from 'rxjs';
import { SuccessEnvelope } from '../errors/error-envelope';
import { Paginated } from './paginated';
import { RAW_RESPONSE } from './raw-response.decorator';

/** Wraps every handler's result in `{ success: true, data }`; a Paginated result also gets `pagination` beside `data`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    return next.handle().pipe(map((data: unknown): SuccessEnvelope<unknown> => envelope(data)));
  }
}

function envelope(data: unknown): SuccessEnvelope<unknown> {
  if (data instanceof Paginated) return { success: true, data: data.items, pagination: data.pagination };
  return { success: true, data: data ?? null };
}
