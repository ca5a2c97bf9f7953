import { ApiAnswer, ApiCaller, ApiRequest, parseAnswerBody, pathWithQuery, UploadBody } from './api-caller';
import { putFile } from './put-file';

/** How long one API call may take before the tool gives up on it. */
const CALL_TIMEOUT_MS = 60_000;

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

  /** node:http rather than fetch (putFile): the file streams through with its exact Content-Length. */
  upload(uploadUrl: string, body: UploadBody): Promise<ApiAnswer> {
    return putFile(uploadUrl, body);
  }
}
