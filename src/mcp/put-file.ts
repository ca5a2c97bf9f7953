import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { ApiAnswer, parseAnswerBody, UploadBody } from './api-caller';

/** An upload streams up to 1 GB: it may take long, as long as bytes keep moving. */
const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * PUTs a file to an upload URL over HTTP, streamed with its exact Content-Length (the upload route
 * checks the announced size against it), never held whole. `connectTo` sends it to another address
 * than the URL's host (the service's own socket), the URL's path and signature unchanged.
 */
export function putFile(
  uploadUrl: string,
  body: UploadBody,
  connectTo?: { host: string; port: number },
): Promise<ApiAnswer> {
  const url = new URL(uploadUrl);
  return new Promise<ApiAnswer>((resolve, reject) => {
    // The service may answer before the last byte (a 413 or 415 as soon as it knows): that answer
    // is the outcome, and the broken pipe that follows it is not.
    let answered = false;
    const options = {
      method: 'PUT',
      headers: { 'Content-Type': body.contentType, 'Content-Length': String(body.size), Host: url.host },
      timeout: UPLOAD_IDLE_TIMEOUT_MS,
    };
    const onAnswer = (response: IncomingMessage) => {
      answered = true;
      void readAnswer(response).then(resolve, reject);
    };
    const outgoing = connectTo
      ? httpRequest(
          { ...options, host: connectTo.host, port: connectTo.port, path: `${url.pathname}${url.search}` },
          onAnswer,
        )
      : (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, onAnswer);
    outgoing.on('timeout', () => outgoing.destroy(new Error('the upload stalled')));
    pipeline(body.bytes, outgoing).catch((error: unknown) => {
      if (!answered) reject(error instanceof Error ? error : new Error(String(error)));
    });
  });
}

async function readAnswer(response: IncomingMessage): Promise<ApiAnswer> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: response.statusCode ?? 0, headers, body: parseAnswerBody(text, headers['content-type']) };
}
