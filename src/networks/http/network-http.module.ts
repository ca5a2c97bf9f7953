import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { NetworkHttpClient } from './network-http.client';

@Module({ imports: [HttpModule], providers: [NetworkHttpClient], exports: [NetworkHttpClient] })
export class NetworkHttpModule {}
