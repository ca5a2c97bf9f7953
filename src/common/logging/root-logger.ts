import pino, { Logger } from 'pino';
import { DEFAULT_SERVICE_NAME, LogLevel } from '../../config';
import { redactUrl } from './redact-url';
import { mergeRequestFields, requestIdMixin } from './request-context';

interface LoggedRequest {
  method?: string;
  url?: string;
  id?: unknown;
  ip?: string;
}

/**
 * The process-wide structured logger: JSON lines, the request id on every line written while
 * serving a request, and secrets removed before anything is written.
 */
export function createRootLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: DEFAULT_SERVICE_NAME },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Every line written while serving a request names it (request-context.ts).
      mixin: requestIdMixin,
      mixinMergeStrategy: mergeRequestFields,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.secret',
          '*.client_secret',
          '*.clientSecret',
          '*.webhook_secret',
          '*.access_token',
          '*.refresh_token',
          '*.accessToken',
          '*.refreshToken',
          '*.apiKey',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: LoggedRequest) => ({
          id: req.id,
          method: req.method,
          url: req.url ? redactUrl(req.url) : undefined,
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}
