/** What every emulated network's routes share; declared beside the descriptor, whose routes receive it. */
export type { EmulatorContext } from './registry/emulated-network';
