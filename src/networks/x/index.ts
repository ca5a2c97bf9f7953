import { InstalledNetwork } from '../installed-network';
import { XAdapter } from './x.adapter';
import { XModule } from './x.module';

export const xNetwork: InstalledNetwork = { module: XModule, adapter: XAdapter };
