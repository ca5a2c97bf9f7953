/** What the rest of the service uses from the network emulator. */
export { emulatorPlugin } from './emulator.plugin';
export type { EmulatorPluginOptions } from './emulator.plugin';
export { EMULATOR_PREFIX, EmulatorModule } from './emulator.module';
export type { EmulatorModuleOptions } from './emulator.module';
export { EmulatorState } from './state/emulator-state';
export type { EmulatorSettings } from './state/settings';
export type { PublishedItem } from './state/published-log';
export type { Fault, FaultKind } from './state/faults';
export type { TestUser } from './state/test-users';
export { EMULATED_NETWORKS, builtInEmulatorRegistry } from './emulated-networks';
export type { EmulatedNetworkId } from './emulated-networks';
export { EmulatorRegistry } from './registry/emulator-registry';
export type { EmulatedNetworkDescriptor, ServingEmulatorState } from './registry/emulated-network';
