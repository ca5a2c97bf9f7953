import { Injectable, OnModuleInit } from '@nestjs/common';
import { TaskRegistry } from '../queue/task-registry';
import { WebhookDispatcher } from './webhook-dispatcher';
import { DELIVER_WEBHOOK_TASK, isDeliverWebhookPayload } from './webhook-job';

/** The queued attempts: the job queue runs this for each pending event (and its retries). */
@Injectable()
export class DeliverWebhookTask implements OnModuleInit {
  constructor(
    private readonly tasks: TaskRegistry,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  onModuleInit(): void {
    this.tasks.register(DELIVER_WEBHOOK_TASK, async (payload) => {
      if (!isDeliverWebhookPayload(payload)) throw new Error('deliver-webhook: the job payload has no eventId');
      await this.dispatcher.deliver(payload.eventId);
    });
  }
}
