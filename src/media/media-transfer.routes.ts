import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { sendError } from '../common/errors/send-error';
import { MediaService } from './media.service';
import { MediaUploads } from './media-uploads';
import { MEDIA_FILE_PATH, MEDIA_UPLOAD_PATH } from './media-url-signer';
import { servedMediaHeaders } from './served-media-headers';

type SignedRequest = FastifyRequest<{
  Params: { file: string };
  Querystring: { expires?: string; signature?: string };
}>;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The two routes a signed URL opens, without an API key (they live outside /api/v1, so the key
 * check never sees them): PUT of an upload, streamed into storage as it arrives, and GET (and
 * HEAD) of a file, with Range, for the networks that fetch media by URL. A Fastify scope of their
 * own, whose body parser leaves the body unread, so no body limit applies and nothing is buffered.
 */
@Injectable()
export class MediaTransferRoutes implements OnModuleInit {
  private readonly logger = new Logger('Media');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly media: MediaService,
    private readonly uploads: MediaUploads,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost?.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return; // A CLI context has no HTTP server.
    void fastify.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.setErrorHandler((error, request, reply) => sendError(error, request, reply, this.logger));
      // Up to 1 GB, streamed as it arrives: the body timeout is not for it (the idle timeout is).
      scope.put(`${MEDIA_UPLOAD_PATH}/:file`, { config: { streamedBody: true } }, (request: SignedRequest, reply) =>
        this.upload(request, reply),
      );
      scope.get(`${MEDIA_FILE_PATH}/:file`, (request: SignedRequest, reply) => this.file(request, reply));
    });
  }

  private async upload(request: SignedRequest, reply: FastifyReply): Promise<void> {
    const view = await this.uploads.receive(
      request.params.file,
      request.query,
      {
        contentType: header(request.headers['content-type']),
        contentLength: header(request.headers['content-length']),
      },
      request.raw,
    );
    await reply.status(200).send({ success: true, data: view });
  }

  private async file(request: SignedRequest, reply: FastifyReply): Promise<void> {
    const served = await this.media.serveFile(request.params.file, request.query, header(request.headers.range));
    const length = served.range ? served.range.end - served.range.start + 1 : served.size;
    void reply
      .status(served.range ? 206 : 200)
      .header('Content-Length', String(length))
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, no-store');
    for (const [name, value] of Object.entries(servedMediaHeaders(request.params.file, served.contentType)))
      void reply.header(name, value);
    if (served.range)
      void reply.header('Content-Range', `bytes ${served.range.start}-${served.range.end}/${served.size}`);
    if (request.method === 'HEAD') {
      // Fastify's HEAD route answers an undefined body with Content-Length 0, and drains a stream
      // keeping ours: an empty one, so the file is not read for nothing.
      served.body.destroy();
      await reply.send(Readable.from([]));
      return;
    }
    await reply.send(served.body);
  }
}
