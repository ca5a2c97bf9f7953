import { Body, Controller, Get, Inject, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { callbackUrlFor } from '../../connect';
import { RedirectUrlsService } from '../../customers';
import { NetworkAppsService } from '../../networks';
import { NetworkRegistry } from '../../networks';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { doneNotice } from '../http/done-notice';
import { checked, field } from '../http/form';
import type { FormFields } from '../http/form';
import { attempt } from '../http/form-error';
import { redirectTo, sendPage } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { oauthPage, OAuthPageState } from '../views/oauth.page';
import { PageContextFactory } from './page-context';

const DONE = {
  added: 'The redirect URL is allowed.',
  removed: 'The redirect URL is removed.',
  app: 'The app credentials are saved.',
} as const;

/** Redirect URLs, the callback URL per network, and the customer's own network apps. */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/oauth')
export class OAuthController {
  constructor(
    private readonly redirectUrls: RedirectUrlsService,
    private readonly apps: NetworkAppsService,
    private readonly networks: NetworkRegistry,
    private readonly pages: PageContextFactory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async show(
    @CurrentSession() session: DashboardSession,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.render(reply, session, { done: doneNotice(query, DONE) });
  }

  @Post('redirect-urls')
  async add(
    @CurrentSession() session: DashboardSession,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = field(body, 'url');
    const outcome = await attempt(() => this.redirectUrls.add(session.liveCustomerId, url));
    if (outcome.ok) return redirectTo(reply, `${ROUTES.oauth}?done=added`);
    await this.render(reply, session, { error: { form: 'redirect-urls', value: url, ...outcome.error } });
  }

  @Post('redirect-urls/remove')
  async remove(
    @CurrentSession() session: DashboardSession,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const outcome = await attempt(() => this.redirectUrls.remove(session.liveCustomerId, field(body, 'url')));
    if (outcome.ok) return redirectTo(reply, `${ROUTES.oauth}?done=removed`);
    await this.render(reply, session, { error: { form: 'redirect-urls', ...outcome.error } });
  }

  @Post('apps/:network')
  async setApp(
    @CurrentSession() session: DashboardSession,
    @Param('network') network: string,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const adapter = this.networks.find(network);
    if (!adapter)
      return this.render(reply, session, {
        error: { form: 'redirect-urls', status: 404, message: 'Unknown network', details: [] },
      });
    const outcome = await attempt(() =>
      this.apps.set(session.liveCustomerId, adapter.id, {
        clientId: field(body, 'client_id', 512),
        clientSecret: field(body, 'client_secret', 1024),
        loginConfigId: field(body, 'login_config_id', 64),
        requireAppSecretProof: checked(body, 'require_appsecret_proof'),
        businessAccess: checked(body, 'business_access'),
      }),
    );
    if (outcome.ok) return redirectTo(reply, `${ROUTES.oauth}?done=app`);
    await this.render(reply, session, { error: { form: adapter.id, ...outcome.error } });
  }

  private async render(
    reply: FastifyReply,
    session: DashboardSession,
    extra: Pick<OAuthPageState, 'done' | 'error'>,
  ): Promise<void> {
    const [redirectUrls, apps] = await Promise.all([
      this.redirectUrls.list(session.liveCustomerId),
      this.apps.list(session.liveCustomerId),
    ]);
    const networks = this.networks.adapters.map((adapter) => ({
      id: adapter.id,
      displayName: adapter.displayName,
      callbackUrl: callbackUrlFor(this.config.publicUrl, adapter.id),
      app: apps.find((app) => app.network === adapter.id),
      options: adapter.appOptions ?? [],
    }));
    sendPage(
      reply,
      oauthPage(this.pages.for(session), { redirectUrls, networks, ...extra }),
      extra.error?.status ?? 200,
    );
  }
}
