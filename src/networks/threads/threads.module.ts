import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { ThreadsAdapter } from './threads.adapter';
import { loadThreadsSettings, ThreadsSettings } from './threads.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: ThreadsSettings, inject: [APP_CONFIG], useFactory: loadThreadsSettings }, ThreadsAdapter],
  exports: [ThreadsAdapter],
})
export class ThreadsModule {}
