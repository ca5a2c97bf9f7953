import { InstalledNetwork } from '../installed-network';
import { PINTEREST_IDENTITY } from './pinterest.identity';
import { PinterestAdapter } from './pinterest.adapter';
import { PinterestModule } from './pinterest.module';
import { PINTEREST_POST_OPTIONS } from './pinterest-post-options';
import { PinterestEnvironment } from './pinterest.settings';

export const pinterestNetwork = {
  ...PINTEREST_IDENTITY,
  module: PinterestModule,
  adapter: PinterestAdapter,
  postOptions: PINTEREST_POST_OPTIONS,
  environment: PinterestEnvironment,
} as const satisfies InstalledNetwork;
