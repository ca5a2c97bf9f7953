import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { XAdapter } from './x.adapter';
import { loadXSettings, XSettings } from './x.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [{ provide: XSettings, inject: [APP_CONFIG], useFactory: loadXSettings }, XAdapter],
  exports: [XAdapter],
})
export class XModule {}
