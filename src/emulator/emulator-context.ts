import { EmulatorState } from './state/emulator-state';

/** What every emulated network's routes share. */
export interface EmulatorContext {
  state: EmulatorState;
  /** The service's public base URL, for absolute links (paging.next); else taken from the request. */
  publicUrl?: string;
}
