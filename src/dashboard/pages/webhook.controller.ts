import { Body, Controller, Get, Param, Post, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth';
import { Clock } from '../../common/clock/clock';
import { ApiException } from '../../common/errors/api-exception';
import { WebhookView } from '../../webhooks';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../../webhooks';
import { WebhookDeliveriesService } from '../../webhooks';
import { WebhookEndpointsService } from '../../webhooks';
import { WebhookInsightsStore } from '../../webhooks';
import { ROTATION_OVERLAP_SECONDS } from '../../webhooks';
import { DashboardExceptionFilter } from '../http/dashboard-exception.filter';
import { doneNotice } from '../http/done-notice';
import { field, oneOf } from '../http/form';
import type { FormFields } from '../http/form';
import { attempt } from '../http/form-error';
import { redirectTo, sendPage } from '../http/page-reply';
import { ROUTES } from '../routes';
import { CurrentSession } from '../session/current-session.decorator';
import { DashboardSessionGuard } from '../session/dashboard-session.guard';
import type { DashboardSession } from '../session/dashboard-sessions.service';
import { FormError } from '../dashboard-errors';
import { webhookEventPage } from '../views/webhook-event.page';
import { webhookPage, WebhookPageState } from '../views/webhook.page';
import { PageContextFactory } from './page-context';

const EVENT_ID = /^evt_[0-9A-Za-z]{1,40}$/;
const DONE = {
  saved: 'The webhook is saved.',
  resent: 'The event is queued again.',
  rotated: 'The secret is rotated: the old one signs too for 24 hours.',
} as const;

/** The customer's webhook endpoint, the test event, the delivery log and resending. */
@ApiExcludeController()
@Public()
@UseGuards(DashboardSessionGuard)
@UseFilters(DashboardExceptionFilter)
@Controller('dashboard/webhook')
export class WebhookController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly deliveries: WebhookDeliveriesService,
    private readonly insights: WebhookInsightsStore,
    private readonly pages: PageContextFactory,
    private readonly clock: Clock,
  ) {}

  @Get()
  async show(
    @CurrentSession() session: DashboardSession,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const filters = {
      event: oneOf(query, 'event', ALL_EVENT_TYPES),
      status: oneOf(query, 'status', EVENT_DELIVERY_STATUSES),
    };
    const cursor = field(query, 'cursor', 200) || undefined;
    await this.render(reply, session, { filters, cursor, done: doneNotice(query, DONE) });
  }

  @Post()
  async save(
    @CurrentSession() session: DashboardSession,
    @Body() body: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = field(body, 'url').trim();
    // An empty field asks the service to make the secret, as a PUT without one does.
    const secret = field(body, 'webhook_secret', 1024) || undefined;
    const outcome = await attempt(() => this.endpoints.put(session.customerId, url, secret));
    if (!outcome.ok)
      return this.render(reply, session, { filters: {}, error: { form: 'endpoint', url, ...outcome.error } });
    // A made secret is shown on this answer (no-store), never in a redirect's URL.
    if (outcome.value.generatedSecret)
      return this.render(reply, session, { filters: {}, done: DONE.saved, newSecret: outcome.value.generatedSecret });
    return redirectTo(reply, `${ROUTES.webhook}?done=saved`);
  }

  @Post('secret/rotate')
  async rotateSecret(@CurrentSession() session: DashboardSession, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await attempt(() => this.endpoints.rotate(session.customerId, ROTATION_OVERLAP_SECONDS.default));
    if (!outcome.ok) return this.render(reply, session, { filters: {}, error: { form: 'rotate', ...outcome.error } });
    await this.render(reply, session, { filters: {}, done: DONE.rotated, newSecret: outcome.value.generatedSecret });
  }

  @Post('test')
  async sendTest(@CurrentSession() session: DashboardSession, @Res() reply: FastifyReply): Promise<void> {
    const outcome = await attempt(() => this.deliveries.sendTest(session.customerId));
    if (outcome.ok) return this.render(reply, session, { filters: {}, test: outcome.value });
    await this.render(reply, session, { filters: {}, error: { form: 'test', ...outcome.error } });
  }

  @Get('events/:id')
  async event(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Query() query: FormFields,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.eventPage(reply, session, this.eventId(id), doneNotice(query, DONE));
  }

  @Post('events/:id/resend')
  async resend(
    @CurrentSession() session: DashboardSession,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const eventId = this.eventId(id);
    const outcome = await attempt(() => this.deliveries.resend(session.customerId, eventId));
    if (outcome.ok) return redirectTo(reply, `${ROUTES.webhook}/events/${eventId}?done=resent`);
    await this.eventPage(reply, session, eventId, undefined, outcome.error);
  }

  /** The event with its attempts, and what was sent and answered (404 when unknown or another customer's). */
  private async eventPage(
    reply: FastifyReply,
    session: DashboardSession,
    eventId: string,
    done?: string,
    error?: FormError,
  ): Promise<void> {
    const [event, exchange] = await Promise.all([
      this.deliveries.get(session.customerId, eventId),
      this.insights.exchange(session.customerId, eventId),
    ]);
    if (!exchange) throw ApiException.notFound('Event');
    sendPage(reply, webhookEventPage(this.pages.for(session), event, exchange, done, error), error?.status ?? 200);
  }

  private eventId(id: string): string {
    if (!EVENT_ID.test(id)) throw ApiException.notFound('Event');
    return id;
  }

  private async render(
    reply: FastifyReply,
    session: DashboardSession,
    state: Pick<WebhookPageState, 'filters' | 'test' | 'done' | 'error' | 'newSecret'> & { cursor?: string },
  ): Promise<void> {
    const [endpoint, log] = await Promise.all([
      attempt(() => this.endpoints.get(session.customerId)).then((found) =>
        found.ok ? WebhookView.from(found.value, this.clock.now()) : undefined,
      ),
      this.deliveries.list(session.customerId, { ...state.filters, cursor: state.cursor, limit: 25 }),
    ]);
    sendPage(reply, webhookPage(this.pages.for(session), { endpoint, log, ...state }), state.error?.status ?? 200);
  }
}
