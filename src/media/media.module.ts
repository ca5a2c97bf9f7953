import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomersModule } from '../customers';
import { ClockModule } from '../common/clock/clock.module';
import { DatabaseModule } from '../database';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { MediaStorage } from './media-storage';
import { MediaUploads } from './media-uploads';
import { MediaTransferRoutes } from './media-transfer.routes';
import { MediaUrlSigner } from './media-url-signer';
import { Medium } from './media.entity';
import { MediaStore } from './media.store';
import { PostgresMediaStorage } from './postgres-media-storage';
import { PurgeUnusedMedia } from './purge-unused-media.task';
import { S3MediaStorage } from './s3-media-storage';
import { QueueModule } from '../queue';

/** Uploaded media: the API, the signed upload and file routes, their storage, and the purge. */
@Module({
  imports: [QueueModule, TypeOrmModule.forFeature([Medium]), DatabaseModule, CustomersModule, ClockModule],
  controllers: [MediaController],
  providers: [
    MediaStore,
    MediaService,
    MediaUploads,
    MediaUrlSigner,
    MediaTransferRoutes,
    PurgeUnusedMedia,
    PostgresMediaStorage,
    {
      provide: MediaStorage,
      inject: [APP_CONFIG, PostgresMediaStorage],
      useFactory: (config: AppConfig, postgres: PostgresMediaStorage): MediaStorage =>
        config.media.storage === 's3' ? new S3MediaStorage(config.media.s3) : postgres,
    },
  ],
  exports: [MediaService],
})
export class MediaModule {}
