import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { FacebookAdapter } from './facebook.adapter';
import { FacebookSettings, loadFacebookSettings } from './facebook.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: FacebookSettings, inject: [APP_CONFIG], useFactory: loadFacebookSettings }, FacebookAdapter],
  exports: [FacebookAdapter],
})
export class FacebookModule {}
