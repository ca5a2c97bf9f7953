/** SQLSTATE class 08 (connection exception) and 57P (shutdown, crash, cannot connect now). */
const UNREACHABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);

/**
 * Socket errors count only when they come from opening a connection (`syscall` connect or
 * getaddrinfo): a client that hangs up mid-request also raises ECONNRESET, and that is no outage.
 */
const CONNECT_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const CONNECT_SYSCALLS = new Set(['connect', 'getaddrinfo']);
/**
 * A connection reset while it was being opened: pg's pool hands the socket's own error to the
 * caller unwrapped (syscall connect, or read during the startup exchange), as when PostgreSQL is
 * killed. An HTTP client that hangs up reaches a handler as Node's `aborted` error, with no syscall.
 */
const RESET_SYSCALLS = new Set(['connect', 'read']);
/**
 * A connection the database dropped mid-query. Only counted inside an error the ORM wrapped around
 * a query (`driverError`): there the socket can only be the database's, never an HTTP client's.
 */
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Messages of pg and its pool when the server went away or does not answer. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'the database system is starting up',
  'the database system is shutting down',
  'Connection is not established',
];

function inspect(error: unknown, depth: number, fromDriver = false): boolean {
  if (depth > 3 || typeof error !== 'object' || error === null) return false;
  const { code, syscall, message, driverError, cause } = error as {
    code?: unknown;
    syscall?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && UNREACHABLE_SQLSTATES.has(code)) return true;
  if (
    typeof code === 'string' &&
    CONNECT_ERROR_CODES.has(code) &&
    typeof syscall === 'string' &&
    CONNECT_SYSCALLS.has(syscall)
  )
    return true;
  if (code === 'ECONNRESET' && typeof syscall === 'string' && RESET_SYSCALLS.has(syscall)) return true;
  if (fromDriver && typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((part) => message.includes(part))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => inspect(inner, depth + 1))) return true;
  return inspect(driverError, depth + 1, true) || inspect(cause, depth + 1, fromDriver);
}

/**
 * True when an error (as thrown by pg, its pool or TypeORM) means Postgres is down or unreachable,
 * which the API answers with 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return inspect(error, 0);
}
