import { InstalledNetwork } from '../installed-network';
import { X_IDENTITY } from './x.identity';
import { XAdapter } from './x.adapter';
import { XModule } from './x.module';
import { X_POST_OPTIONS } from './x-post-options';
import { XEnvironment } from './x.settings';

export const xNetwork = {
  ...X_IDENTITY,
  module: XModule,
  adapter: XAdapter,
  postOptions: X_POST_OPTIONS,
  environment: XEnvironment,
} as const satisfies InstalledNetwork;
