import { request as httpRequest, IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { ApiAnswer, ApiCaller, ApiRequest, parseAnswerBody, pathWithQuery, UploadBody } from './api-caller';

/** How long one API call may take before the tool gives up on it. */
const CALL_TIMEOUT_MS = 60_000;
/** An upload streams up to 1 GB: it may take longer, as long as bytes keep moving. */
const UPLOAD_IDLE_TIMEOUT_MS = 60_000;

/**
 * The API over HTTP, as any client reaches it: the stdio server (`npm run mcp`) runs beside an
 * agent, away from the service, with SPS_API_URL and SPS_API_KEY.
 */
export class HttpApiCaller implements ApiCaller {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async call(request: ApiRequest): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}${pathWithQuery(request)}`, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${this.apiKey}`,
        Accept: 'application/json',
        ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    const headers = Object.fromEntries([...response.headers].map(([name, value]) => [name.toLowerCase(), value]));
    return { status: response.status, headers, body: parseAnswerBody(text, headers['content-type']) };
  }

  /**
   * node:http rather than fetch: the file streams through with its exact Content-Length (the upload
   * route checks the announced size against it), never held whole in memory.
   */
  upload(uploadUrl: string, body: UploadBody): Promise<ApiAnswer> {
    const url = new URL(uploadUrl);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<ApiAnswer>((resolve, reject) => {
      // The service may answer before the last byte (a 413 or 415 as soon as it knows): that answer
      // is the outcome, and the broken pipe that follows it is not.
      let answered = false;
      const outgoing = send(
        url,
        {
          method: 'PUT',
          headers: { 'Content-Type': body.contentType, 'Content-Length': String(body.size) },
          timeout: UPLOAD_IDLE_TIMEOUT_MS,
        },
        (response) => {
          answered = true;
          void readAnswer(response).then(resolve, reject);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('the upload stalled')));
      pipeline(body.bytes, outgoing).catch((error: unknown) => {
        if (!answered) reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
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
