import { InstalledNetwork } from '../installed-network';
import { InstagramAdapter } from './instagram.adapter';
import { InstagramModule } from './instagram.module';

export const instagramNetwork: InstalledNetwork = { module: InstagramModule, adapter: InstagramAdapter };
