import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { BlueskyAdapter } from './bluesky.adapter';
import { BlueskySettings, loadBlueskySettings } from './bluesky.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: BlueskySettings, inject: [APP_CONFIG], useFactory: loadBlueskySettings }, BlueskyAdapter],
  exports: [BlueskyAdapter],
})
export class BlueskyModule {}
