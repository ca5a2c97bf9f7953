/** Network-level error codes of node and pg that mean "the database cannot be reached right now". */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  // SQLSTATE class 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'the database system is starting up',
  'the database system is shutting down',
  'Connection is not established',
];

function inspect(error: unknown, depth: number): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((part) => message.includes(part))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => inspect(inner, depth + 1))) return true;
  return inspect(driverError, depth + 1) || inspect(cause, depth + 1);
}

/**
 * True when an error (as thrown by pg, its pool or TypeORM) means Postgres is down or unreachable,
 * which the API answers with 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return inspect(error, 0);
}
