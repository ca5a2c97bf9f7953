import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { NetworkQuotaModule } from '../quota';
import { YouTubeAdapter } from './youtube.adapter';
import { loadYouTubeSettings, YouTubeSettings } from './youtube.settings';

@Module({
  imports: [NetworkHttpModule, NetworkQuotaModule],
  providers: [{ provide: YouTubeSettings, inject: [APP_CONFIG], useFactory: loadYouTubeSettings }, YouTubeAdapter],
  exports: [YouTubeAdapter],
})
export class YouTubeModule {}
