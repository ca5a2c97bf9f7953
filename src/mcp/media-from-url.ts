import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Readable } from 'node:stream';
import { isJsonObject, JsonObject } from '../contracts';
import type { ApiCaller } from './api-caller';
import { ApiOperation, readOperation, requestOf } from './api-operation';
import { errorOfAnswer, resultOfAnswer, toolError } from './tool-result';
import { DownloadRefused, OpenedDownload, UrlDownloads } from './url-download';

export const MEDIA_FROM_URL_TOOL = 'upload_media_from_url';
/** A file whose server gives no Content-Length is read whole before it is announced: up to this much (a GIF's 15 MB). */
const UNSIZED_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * upload_media_from_url: downloads a file and uploads it as a medium of the customer, the way a
 * developer would by hand: POST /api/v1/media announces it (its type and size, from the file's
 * server), then its bytes stream to the upload URL the API answered, never held whole (unless the
 * server gives no size). The API checks everything as for any upload: the types it takes, the
 * sizes, the quota, and the file's first bytes against its type. A post then names it by id.
 */
export class MediaFromUrl {
  readonly inputSchema: JsonObject;
  private readonly announce: ApiOperation;
  private readonly maxBytes: number;
  private readonly filenamePattern: RegExp | undefined;

  constructor(document: JsonObject) {
    this.announce = readOperation(document, 'createMedia');
    const fields = this.announce.inputSchema.properties as JsonObject;
    const size = isJsonObject(fields.size) ? fields.size : {};
    this.maxBytes = typeof size.maximum === 'number' ? size.maximum : 1024 ** 3;
    const filename = isJsonObject(fields.filename) ? fields.filename : {};
    this.filenamePattern = typeof filename.pattern === 'string' ? new RegExp(filename.pattern) : undefined;
    this.inputSchema = {
      type: 'object',
      properties: {
        url: {
          type: 'string',
          format: 'uri',
          description: 'An http(s) URL of the file (a JPEG, PNG, WebP, GIF, MP4 or MOV); its server says its type',
        },
        // The API's own field, as POST /api/v1/media takes it; by default the URL's last segment.
        filename: fields.filename ?? { type: 'string' },
      },
      required: ['url'],
    };
  }

  /** The tool's description; the session's mode sentence and the cost are added by the server. */
  get description(): string {
    return (
      'Upload a file from a URL as a medium, then name it in a post as `media: [{ "id": "med_…" }]`. ' +
      'The file is downloaded, announced (POST /api/v1/media) and uploaded to the signed URL the API answers; the answer is the medium, `ready` when the upload was accepted. ' +
      `${this.announce.description}`
    );
  }

  async run(args: Record<string, unknown>, caller: ApiCaller, downloads: UrlDownloads): Promise<CallToolResult> {
    const url = args.url;
    if (typeof url !== 'string' || url === '')
      return toolError({
        status: 400,
        code: 'validation_failed',
        message: 'url is required: an http(s) URL of the file',
      });
    let download: OpenedDownload;
    try {
      download = await downloads.open(url, this.maxBytes);
    } catch (error) {
      if (error instanceof DownloadRefused) return toolError({ status: 422, code: error.code, message: error.message });
      throw error;
    }
    try {
      if (download.status < 200 || download.status > 299)
        return toolError({
          status: 422,
          code: 'media_url_unreachable',
          message: `The URL answered HTTP ${download.status}, not the file`,
        });
      const body = await this.sized(download);
      if (!body)
        return toolError({
          status: 422,
          code: 'media_too_large',
          message: `The file's server gives no size and the file is past ${UNSIZED_LIMIT_BYTES} bytes: upload it with POST /api/v1/media`,
        });
      const filename = typeof args.filename === 'string' ? args.filename : this.filenameOf(url);
      const request = requestOf(this.announce, {
        contentType: download.contentType,
        size: body.size,
        ...(filename ? { filename } : {}),
      });
      if ('refused' in request) throw new Error(`createMedia: ${request.refused}`);
      const announced = await caller.call(request);
      const data = isJsonObject(announced.body) && isJsonObject(announced.body.data) ? announced.body.data : undefined;
      if (announced.status !== 201 || !data || typeof data.uploadUrl !== 'string') return errorOfAnswer(announced);
      const uploaded = await caller.upload(data.uploadUrl, { contentType: download.contentType, ...body });
      return resultOfAnswer(uploaded);
    } finally {
      download.close();
    }
  }

  /** The body and its exact size: the server's Content-Length, or the whole body read when it gave none. */
  private async sized(download: OpenedDownload): Promise<{ size: number; bytes: Readable } | undefined> {
    if (download.size !== undefined) return { size: download.size, bytes: download.body };
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of download.body) {
      total += (chunk as Buffer).length;
      if (total > UNSIZED_LIMIT_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return { size: total, bytes: Readable.from([Buffer.concat(chunks)]) };
  }

  /** The URL's last path segment, when the API would take it as a filename. */
  private filenameOf(url: string): string | undefined {
    try {
      const segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
      if (segment === '' || segment.length > 255) return undefined;
      return !this.filenamePattern || this.filenamePattern.test(segment) ? segment : undefined;
    } catch {
      return undefined;
    }
  }
}
