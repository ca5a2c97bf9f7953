import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth';
import { RawResponse } from '../common/http/raw-response.decorator';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { OAuthCallbackService } from './oauth-callback.service';
import type { CallbackQuery } from './oauth-callback.service';
import { htmlPageHeaders } from '../common/http/html-page-headers';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The URL each network app registers as its redirect URI: `${PUBLIC_URL}/oauth/:network/callback`. */
@ApiExcludeController()
@Controller('oauth')
export class OAuthCallbackController {
  constructor(
    private readonly callbacks: OAuthCallbackService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':network/callback')
  @Public()
  @RawResponse()
  async callback(
    @Param('network') network: string,
    @Query() query: CallbackQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const outcome = await this.callbacks.handle(network, query, this.config.publicUrl);
    void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    if (outcome.kind === 'redirect') {
      void reply.redirect(outcome.url, 302);
      return;
    }
    void reply
      .status(outcome.status)
      .headers(htmlPageHeaders({ inlineStyles: false }))
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connection failed</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
          `<body><main><h1>Connection failed</h1><p>${escapeHtml(outcome.message)}</p></main></body></html>`,
      );
  }
}
