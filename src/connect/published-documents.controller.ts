import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth';
import { RawResponse } from '../common/http/raw-response.decorator';
import { NetworkRegistry } from '../networks';

/** A document's name: lower-case words and a `.json` ending (nothing that could reach another route or a file). */
const DOCUMENT_NAME = /^[a-z0-9][a-z0-9-]{0,60}\.json$/;

/**
 * `${PUBLIC_URL}/oauth/:network/:document`: the documents a network reads from the service itself,
 * as the network's adapter publishes them (`publishedDocument`; atproto OAuth: the client metadata
 * document, whose URL is the client id, and the JWKS of the client's key). Public, as the network's
 * servers fetch them without credentials; 404 for any document the adapter does not publish.
 */
@ApiExcludeController()
@Controller('oauth')
export class PublishedDocumentsController {
  constructor(private readonly networks: NetworkRegistry) {}

  @Get(':network/:document')
  @Public()
  @RawResponse()
  document(@Param('network') network: string, @Param('document') name: string, @Res() reply: FastifyReply): void {
    const adapter = this.networks.find(network);
    const document = DOCUMENT_NAME.test(name) ? adapter?.publishedDocument?.(name) : undefined;
    if (document === undefined) {
      void reply.status(404).type('application/json').send({ error: 'not_found' });
      return;
    }
    // Networks fetch these often (atproto: at the start of every authorization): a few minutes' cache.
    void reply.header('Cache-Control', 'public, max-age=300').type('application/json').send(document);
  }
}
