import { InstalledNetwork } from '../installed-network';
import { INSTAGRAM_IDENTITY } from './instagram.identity';
import { InstagramAdapter } from './instagram.adapter';
import { InstagramModule } from './instagram.module';

export const instagramNetwork = {
  ...INSTAGRAM_IDENTITY,
  module: InstagramModule,
  adapter: InstagramAdapter,
} as const satisfies InstalledNetwork;
