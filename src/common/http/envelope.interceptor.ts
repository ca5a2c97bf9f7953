import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, map } from 'rxjs';
import { SuccessEnvelope } from '../errors/error-envelope';
import { RAW_RESPONSE } from './raw-response.decorator';

/** Wraps every handler's result in `{ success: true, data }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    return next.handle().pipe(map((data: unknown): SuccessEnvelope<unknown> => ({ success: true, data: data ?? null })));
  }
}
