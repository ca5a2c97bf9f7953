import { InstalledNetwork } from '../installed-network';
import { FacebookAdapter } from './facebook.adapter';
import { FacebookModule } from './facebook.module';

export const facebookNetwork: InstalledNetwork = { module: FacebookModule, adapter: FacebookAdapter };
