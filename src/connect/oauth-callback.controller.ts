import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth';
import { RawResponse } from '../common/http/raw-response.decorator';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { OAuthCallbackService } from './oauth-callback.service';
import type { CallbackQuery } from './oauth-callback.service';
import { replyWith } from './outcome-reply';

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
    replyWith(reply, await this.callbacks.handle(network, query, this.config.publicUrl));
  }
}
