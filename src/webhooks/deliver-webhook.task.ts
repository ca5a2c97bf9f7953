import { Injectable, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../queue/task-registry';
import { WebhookDispatcher } from './webhook-dispatcher';
import { DELIVER_WEBHOOK_TASK, DeliverWebhookPayload } from './webhook-job';

/** The queued attempts: the job queue runs this for each pending event (and its retries). */
@Injectable()
export class DeliverWebhookTask implements OnModuleInit {
  constructor(
    private readonly tasks: TaskRegistry,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  onModuleInit(): void {
    this.tasks.register(DELIVER_WEBHOOK_TASK, (payload) => this.dispatcher.deliver((payload as DeliverWebhookPayload).eventId));
  }
}
