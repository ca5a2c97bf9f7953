import { InstalledNetwork } from './installed-network';
import { blueskyNetwork } from './bluesky';
import { facebookNetwork } from './facebook';
import { instagramNetwork } from './instagram';
import { linkedinNetwork } from './linkedin';
import { pinterestNetwork } from './pinterest';
import { threadsNetwork } from './threads';
import { tiktokNetwork } from './tiktok';
import { xNetwork } from './x';
import { youtubeNetwork } from './youtube';

/**
 * The networks this service speaks. Adding a network is a folder under src/networks/ that exports
 * an InstalledNetwork, and one line here; every list of networks (API docs, validation, CLI) reads it.
 */
export const INSTALLED_NETWORKS = [
  facebookNetwork,
  instagramNetwork,
  xNetwork,
  threadsNetwork,
  blueskyNetwork,
  linkedinNetwork,
  pinterestNetwork,
  tiktokNetwork,
  youtubeNetwork,
] as const satisfies readonly InstalledNetwork[];
