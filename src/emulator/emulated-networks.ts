import { blueskyEmulator } from './bluesky/bluesky.emulator';
import { facebookEmulator } from './facebook/facebook.emulator';
import { instagramEmulator } from './instagram/instagram.emulator';
import { linkedinEmulator } from './linkedin/linkedin.emulator';
import { pinterestEmulator } from './pinterest/pinterest.emulator';
import { tiktokEmulator } from './tiktok/tiktok.emulator';
import { EmulatedNetworkDescriptor } from './registry/emulated-network';
import { EmulatorRegistry } from './registry/emulator-registry';
import { threadsEmulator } from './threads/threads.emulator';
import { xEmulator } from './x/x.emulator';
import { youtubeEmulator } from './youtube/youtube.emulator';

/**
 * The networks the built-in emulator speaks. Adding one is a folder under src/emulator/ that
 * exports an EmulatedNetworkDescriptor, and one line here (after the networks it depends on).
 */
export const EMULATED_NETWORKS = [
  facebookEmulator,
  instagramEmulator,
  xEmulator,
  threadsEmulator,
  blueskyEmulator,
  linkedinEmulator,
  pinterestEmulator,
  tiktokEmulator,
  youtubeEmulator,
] as const;

export type EmulatedNetworkId = (typeof EMULATED_NETWORKS)[number]['id'];

/** The registry of the built-in networks; a test may build its own from other descriptors. */
export function builtInEmulatorRegistry(): EmulatorRegistry<EmulatedNetworkDescriptor> {
  return new EmulatorRegistry<EmulatedNetworkDescriptor>(EMULATED_NETWORKS);
}
