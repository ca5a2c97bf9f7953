import { Controller, Get, NotFoundException, Post, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { redirectTo } from '../http/page-reply';
import { ROUTES } from '../routes';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';

/**
 * Pages under /dashboard that do not exist: the dashboard's own 404 page (HTML, with a way
 * back), not the API's JSON envelope. The router prefers every real route over this wildcard.
 * `/dashboard` itself, which people type, leads to the overview. Like every dashboard page, they
 * need a session: without one they lead to sign-in, and say nothing of which pages exist.
 */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard')
export class UnknownPageController {
  @Get()
  root(@Res() reply: FastifyReply): void {
    redirectTo(reply, ROUTES.overview);
  }

  @Get('*')
  unknown(): never {
    throw new NotFoundException('There is no such dashboard page.');
  }

  // Browsers reach pages by GET and post forms: a form posted where no page takes one is not found too, in HTML.
  @Post('*')
  unknownForm(): never {
    return this.unknown();
  }
}
