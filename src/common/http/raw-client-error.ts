import { Socket } from 'node:net';
import { fromStatus } from '../errors/to-error-response';
import { ErrorEnvelope } from '../errors/error-envelope';
import { requestIdFor } from './request-id';

/** Node's HTTP parser error codes that mean something other than a plain malformed request. */
const STATUS_BY_PARSER_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers a request Node's HTTP parser could not even read (a bad request line, conflicting
 * Content-Length headers, headers over the size limit) in the error envelope, written straight to
 * the socket because there is no request object to answer through.
 */
export function answerRawClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, code, message } = fromStatus(STATUS_BY_PARSER_CODE[error.code ?? ''] ?? 400);
  const requestId = requestIdFor(undefined);
  const body = JSON.stringify({ success: false, error: { code, message, requestId } } satisfies ErrorEnvelope);
  socket.end(
    `HTTP/1.1 ${status} ${code.replace(/_/g, ' ')}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
