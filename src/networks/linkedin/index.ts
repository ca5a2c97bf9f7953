import { InstalledNetwork } from '../installed-network';
import { LINKEDIN_IDENTITY } from './linkedin.identity';
import { LinkedInAdapter } from './linkedin.adapter';
import { LinkedInModule } from './linkedin.module';
import { LINKEDIN_POST_OPTIONS } from './linkedin-post-options';
import { LinkedInEnvironment } from './linkedin.settings';

export const linkedinNetwork = {
  ...LINKEDIN_IDENTITY,
  module: LinkedInModule,
  adapter: LinkedInAdapter,
  postOptions: LINKEDIN_POST_OPTIONS,
  environment: LinkedInEnvironment,
} as const satisfies InstalledNetwork;
