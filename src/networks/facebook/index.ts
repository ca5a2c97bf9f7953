import { InstalledNetwork } from '../installed-network';
import { FACEBOOK_IDENTITY } from './facebook.identity';
import { FacebookAdapter } from './facebook.adapter';
import { FacebookModule } from './facebook.module';

export const facebookNetwork = {
  ...FACEBOOK_IDENTITY,
  module: FacebookModule,
  adapter: FacebookAdapter,
} as const satisfies InstalledNetwork;
