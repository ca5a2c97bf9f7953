import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { TikTokAdapter } from './tiktok.adapter';
import { loadTikTokSettings, TikTokSettings } from './tiktok.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: TikTokSettings, inject: [APP_CONFIG], useFactory: loadTikTokSettings }, TikTokAdapter],
  exports: [TikTokAdapter],
})
export class TikTokModule {}
