import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/**
 * Aborted when the application begins to shut down (before any module's onApplicationShutdown):
 * work that would otherwise retry until the database answers (letting go of a claim) gives up
 * instead, so the process can end. See retryUntilDone.
 */
@Injectable()
export class ShutdownSignal implements BeforeApplicationShutdown {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  beforeApplicationShutdown(): void {
    this.controller.abort();
  }
}
