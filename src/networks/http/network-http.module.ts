import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { UrlSafety } from '../../common/url-safety';
import { NetworkHttpClient } from './network-http.client';
import { OwnEmulatorCaller } from './own-emulator-caller';

@Module({
  imports: [HttpModule],
  providers: [NetworkHttpClient, UrlSafety, OwnEmulatorCaller],
  exports: [NetworkHttpClient, OwnEmulatorCaller],
})
export class NetworkHttpModule {}
