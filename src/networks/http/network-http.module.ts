import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { UrlSafety } from '../../common/url-safety';
import { NetworkHttpClient } from './network-http.client';

@Module({ imports: [HttpModule], providers: [NetworkHttpClient, UrlSafety], exports: [NetworkHttpClient] })
export class NetworkHttpModule {}
