import { InstalledNetwork } from '../installed-network';
import { INSTAGRAM_IDENTITY } from './instagram.identity';
import { InstagramAdapter } from './instagram.adapter';
import { InstagramModule } from './instagram.module';
import { INSTAGRAM_POST_OPTIONS } from './instagram-post-options';
import { InstagramEnvironment } from './instagram.settings';

export const instagramNetwork = {
  ...INSTAGRAM_IDENTITY,
  module: InstagramModule,
  adapter: InstagramAdapter,
  postOptions: INSTAGRAM_POST_OPTIONS,
  environment: InstagramEnvironment,
} as const satisfies InstalledNetwork;
