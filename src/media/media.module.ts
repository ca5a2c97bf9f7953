import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '../database/database.module';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { MediaStorage } from './media-storage';
import { MediaTransferRoutes } from './media-transfer.routes';
import { MediaUrlSigner } from './media-url-signer';
import { Medium } from './media.entity';
import { PostgresMediaStorage } from './postgres-media-storage';
import { PurgeUnusedMedia } from './purge-unused-media.task';

/** Uploaded media: the API, the signed upload and file routes, their storage, and the purge. */
@Module({
  imports: [TypeOrmModule.forFeature([Medium]), DatabaseModule],
  controllers: [MediaController],
  providers: [
    MediaService,
    MediaUrlSigner,
    MediaTransferRoutes,
    PurgeUnusedMedia,
    { provide: MediaStorage, useClass: PostgresMediaStorage },
  ],
  exports: [MediaService],
})
export class MediaModule {}
