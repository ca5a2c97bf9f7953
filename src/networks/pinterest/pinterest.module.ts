import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config';
import { NetworkHttpModule } from '../http/network-http.module';
import { PinterestAdapter } from './pinterest.adapter';
import { loadPinterestSettings, PinterestSettings } from './pinterest.settings';

@Module({
  imports: [NetworkHttpModule],
  providers: [
    { provide: PinterestSettings, inject: [APP_CONFIG], useFactory: loadPinterestSettings },
    PinterestAdapter,
  ],
  exports: [PinterestAdapter],
})
export class PinterestModule {}
