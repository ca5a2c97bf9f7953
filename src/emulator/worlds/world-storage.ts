import { ServingEmulatorState } from '../registry/emulated-network';

/** Who a control API caller's key speaks for. */
export type KeyWorld = { mode: 'test'; world: string } | { mode: 'live' } | undefined;

/**
 * Where test worlds live (the service's database). The emulator knows worlds only through this, so
 * its networks never learn about storage; the service provides the implementation.
 */
export interface WorldStorage {
  /**
   * Runs `work` over the world's state with every other request of the world held off, then keeps
   * what it changed (even when `work` failed: a fault it consumed stays consumed). For an id no
   * test world has, `work` runs over a new world's state that is never kept, so that callers
   * cannot tell which worlds exist from the answers.
   */
  withWorld<T>(world: string, work: (state: ServingEmulatorState) => Promise<T>): Promise<T>;
  /** Whether `oauthState` is a connect attempt the service started for this world, not yet used or expired. */
  startedConnect(world: string, oauthState: string): Promise<boolean>;
  /** The world a presented API key acts in; undefined for a key that is unknown or revoked. */
  worldOfKey(presentedKey: string): Promise<KeyWorld>;
}
