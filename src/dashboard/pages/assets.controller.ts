import { Controller, Get, Res, SetMetadata } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { RAW_RESPONSE } from '../../common/http/raw-response.decorator';
import { SCRIPT, STYLESHEET } from '../views/assets';

/** The stylesheet and the copy-button script, served by the service itself (no CDN). */
@ApiExcludeController()
@Public()
@SetMetadata(RAW_RESPONSE, true)
@Controller('dashboard/assets')
export class AssetsController {
  @Get('dashboard.css')
  stylesheet(@Res() reply: FastifyReply): void {
    void reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(STYLESHEET);
  }

  @Get('dashboard.js')
  script(@Res() reply: FastifyReply): void {
    void reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(SCRIPT);
  }
}
