import { InstalledNetwork } from '../installed-network';
import { BLUESKY_POST_OPTIONS } from './bluesky-post-options';
import { BlueskyAdapter } from './bluesky.adapter';
import { BLUESKY_IDENTITY } from './bluesky.identity';
import { BlueskyModule } from './bluesky.module';
import { BlueskyEnvironment } from './bluesky.settings';

export const blueskyNetwork = {
  ...BLUESKY_IDENTITY,
  module: BlueskyModule,
  adapter: BlueskyAdapter,
  postOptions: BLUESKY_POST_OPTIONS,
  environment: BlueskyEnvironment,
} as const satisfies InstalledNetwork;
