import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { LinkedInAdapter } from './linkedin.adapter';
import { loadLinkedInSettings, LinkedInSettings } from './linkedin.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: LinkedInSettings, inject: [APP_CONFIG], useFactory: loadLinkedInSettings }, LinkedInAdapter],
  exports: [LinkedInAdapter],
})
export class LinkedInModule {}
