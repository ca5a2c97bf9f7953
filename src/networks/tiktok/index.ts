import { InstalledNetwork } from '../installed-network';
import { TIKTOK_IDENTITY } from './tiktok.identity';
import { TikTokAdapter } from './tiktok.adapter';
import { TikTokModule } from './tiktok.module';
import { TIKTOK_POST_OPTIONS } from './tiktok-post-options';
import { TikTokEnvironment } from './tiktok.settings';

export const tiktokNetwork = {
  ...TIKTOK_IDENTITY,
  module: TikTokModule,
  adapter: TikTokAdapter,
  postOptions: TIKTOK_POST_OPTIONS,
  environment: TikTokEnvironment,
} as const satisfies InstalledNetwork;
