import { InstalledNetwork } from '../installed-network';
import { YOUTUBE_IDENTITY } from './youtube.identity';
import { YouTubeAdapter } from './youtube.adapter';
import { YouTubeModule } from './youtube.module';
import { YOUTUBE_POST_OPTIONS } from './youtube-post-options';
import { YouTubeEnvironment } from './youtube.settings';

export const youtubeNetwork = {
  ...YOUTUBE_IDENTITY,
  module: YouTubeModule,
  adapter: YouTubeAdapter,
  postOptions: YOUTUBE_POST_OPTIONS,
  environment: YouTubeEnvironment,
} as const satisfies InstalledNetwork;
