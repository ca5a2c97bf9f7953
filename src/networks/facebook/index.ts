import { InstalledNetwork } from '../installed-network';
import { FACEBOOK_IDENTITY } from './facebook.identity';
import { FacebookAdapter } from './facebook.adapter';
import { FacebookModule } from './facebook.module';
import { FACEBOOK_POST_OPTIONS } from './facebook-post-options';
import { FacebookEnvironment } from './facebook.settings';

export const facebookNetwork = {
  ...FACEBOOK_IDENTITY,
  module: FacebookModule,
  adapter: FacebookAdapter,
  postOptions: FACEBOOK_POST_OPTIONS,
  environment: FacebookEnvironment,
} as const satisfies InstalledNetwork;
