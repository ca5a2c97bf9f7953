import { InstalledNetwork } from './installed-network';
import { facebookNetwork } from './facebook';
import { instagramNetwork } from './instagram';
import { xNetwork } from './x';

/**
 * The networks this service speaks. Adding a network is a folder under src/networks/ that exports
 * an InstalledNetwork, and one line here.
 */
export const INSTALLED_NETWORKS: readonly InstalledNetwork[] = [facebookNetwork, instagramNetwork, xNetwork];
