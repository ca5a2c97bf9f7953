import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { PostChartsStore, postStatusOf } from '../../posts';
import type { DayStatusShape, NetworkOutcome, PostStatus } from '../../posts';
import { WebhookInsightsStore } from '../../webhooks';
import type { AttemptDay } from '../../webhooks';
import { utcDays } from './utc-days';

/** The charts cover this many UTC days, today included. */
export const CHART_DAYS = 30;

/** One UTC day of webhook attempts; no median on a day without attempts. */
export interface WebhookDay {
  day: string;
  attempts: number;
  succeeded: number;
  medianMs: number | null;
}

/** The overview's charts' figures, every day of the window present (a day without any is zeros). */
export interface DashboardCharts {
  days: string[];
  /** By day, the posts made that day by their status now. */
  postsByDay: Array<{ day: string; counts: Partial<Record<PostStatus, number>> }>;
  /** Deliveries of the window's posts that ended, by network. */
  networks: NetworkOutcome[];
  webhookDays: WebhookDay[];
}

/** Counts posts by day and derived status (a post's status is derived from its deliveries', so counted from their set). */
export function postsByDay(days: readonly string[], shapes: readonly DayStatusShape[]): DashboardCharts['postsByDay'] {
  const byDay = new Map(days.map((day) => [day, {} as Partial<Record<PostStatus, number>>]));
  for (const shape of shapes) {
    const counts = byDay.get(shape.day);
    if (!counts) continue; // Made after the window's last day was computed (the clock moved on).
    const status = postStatusOf(shape.statuses.map((value) => ({ status: value })));
    counts[status] = (counts[status] ?? 0) + shape.count;
  }
  return [...byDay].map(([day, counts]) => ({ day, counts }));
}

/** Every day of the window, zeros where no attempt was made. */
export function webhookDays(days: readonly string[], rows: readonly AttemptDay[]): WebhookDay[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return row
      ? { day, attempts: row.attempts, succeeded: row.succeeded, medianMs: row.medianMs }
      : { day, attempts: 0, succeeded: 0, medianMs: null };
  });
}

/** The overview's charts: three statements, each one index range of the customer's last 30 days. */
@Injectable()
export class ChartsReader {
  constructor(
    private readonly posts: PostChartsStore,
    private readonly webhooks: WebhookInsightsStore,
    private readonly clock: Clock,
  ) {}

  async read(customerId: string): Promise<DashboardCharts> {
    const { days, since } = utcDays(this.clock.now(), CHART_DAYS);
    const [shapes, networks, attempts] = await Promise.all([
      this.posts.statusShapesByDay(customerId, since),
      this.posts.outcomesByNetwork(customerId, since),
      this.webhooks.attemptDays(customerId, since),
    ]);
    return { days, postsByDay: postsByDay(days, shapes), networks, webhookDays: webhookDays(days, attempts) };
  }
}
