import { BeforeApplicationShutdown, Injectable, OnModuleDestroy } from '@nestjs/common';

/**
 * Whether this process is on its way out. Once it is, readiness answers 503 so a load balancer
 * stops sending it new work while the requests in flight finish; liveness still answers 200,
 * since restarting a process that is already stopping would only cut those requests short.
 */
@Injectable()
export class DrainState implements OnModuleDestroy, BeforeApplicationShutdown {
  private drainingSince: Date | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Called by main.ts on SIGTERM, before anything closes; the shutdown hooks call it too. */
  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  onModuleDestroy(): void {
    this.startDraining();
  }

  beforeApplicationShutdown(): void {
    this.startDraining();
  }
}
