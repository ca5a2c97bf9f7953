/** What other modules may use from media/: everything else in the folder is its own. */
export type { MediaBytes, MediaKind } from './media-bytes';
export { MAX_UPLOAD_BYTES, MEDIA_TYPES, hasMagic } from './media-types';
export { MEDIA_FILE_PATH } from './media-url-signer';
export { MediaModule } from './media.module';
export { MediaService } from './media.service';
export { LongestNetworkVideo, durationInWords, sizeInWords } from './network-media-limits';
export type { DurationLimit, NetworkMediaLimits } from './network-media-limits';
