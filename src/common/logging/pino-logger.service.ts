import { LoggerService } from '@nestjs/common';
import { Logger } from 'pino';

type PinoLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Nest's logger interface over pino, so framework and application logs are the same JSON lines. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context (the logger's name) as the last string argument, and a stack before it for errors. */
  private write(level: PinoLevel, message: unknown, rest: unknown[]): void {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = level === 'error' && rest.length >= 2 && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields = { context, ...(stack ? { stack } : {}) };
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, ...data } = message as { msg?: string };
      this.logger[level]({ ...fields, ...data }, msg ?? '');
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
