import { EMULATED_NETWORKS, EmulatedNetworkId } from '../../src/emulator/emulated-networks';
import { INSTALLED_NETWORKS } from '../../src/networks/installed-networks';
import { NetworkId } from '../../src/networks/network-names';

/** A network the e2e tests can connect and publish to: installed in the service and served by the emulator. */
export type TestedNetwork = NetworkId & EmulatedNetworkId;

function isEmulated(id: NetworkId): id is TestedNetwork {
  return EMULATED_NETWORKS.some((network) => network.id === id);
}

/**
 * The networks the e2e tests go through, in installation order. Adding a network (its adapter
 * and emulator folders, one line in each registry) adds it here; a test keyed by TestedNetwork
 * then asks for its expectations at compile time.
 */
export const TESTED_NETWORKS: readonly TestedNetwork[] = INSTALLED_NETWORKS.map((network) => network.id).filter(
  isEmulated,
);

/** Every name the API takes for a tested network (ids, then aliases), with the id it stands for. */
export const TESTED_NETWORK_NAMES: ReadonlyArray<{ name: string; id: TestedNetwork }> = [
  ...TESTED_NETWORKS.map((id) => ({ name: id, id })),
  ...INSTALLED_NETWORKS.flatMap((network) =>
    isEmulated(network.id) ? network.aliases.map((alias) => ({ name: alias, id: network.id as TestedNetwork })) : [],
  ),
];
