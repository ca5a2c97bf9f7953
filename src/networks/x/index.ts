import { InstalledNetwork } from '../installed-network';
import { X_IDENTITY } from './x.identity';
import { XAdapter } from './x.adapter';
import { XModule } from './x.module';

export const xNetwork = { ...X_IDENTITY, module: XModule, adapter: XAdapter } as const satisfies InstalledNetwork;
