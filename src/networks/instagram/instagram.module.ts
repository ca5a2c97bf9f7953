import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { InstagramAdapter } from './instagram.adapter';
import { InstagramSettings, loadInstagramSettings } from './instagram.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [
    { provide: InstagramSettings, inject: [APP_CONFIG], useFactory: loadInstagramSettings },
    InstagramAdapter,
  ],
  exports: [InstagramAdapter],
})
export class InstagramModule {}
