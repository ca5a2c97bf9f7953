import { listInWords } from '../common/text/list-in-words';
import { INSTALLED_NETWORKS } from './installed-networks';

/** The id of an installed network, as the API emits it in `platform` and takes it in paths. */
export type NetworkId = (typeof INSTALLED_NETWORKS)[number]['id'];

/** The ids of the installed networks, in installation order. */
export const NETWORK_IDS: readonly NetworkId[] = INSTALLED_NETWORKS.map((network) => network.id);

/** "facebook, instagram or x": the ids for people to read. */
export function describeNetworkIds(): string {
  return listInWords(NETWORK_IDS);
}

/** "twitter is accepted for x": the aliases the API also takes, for people to read. */
export function describeNetworkAliases(): string {
  return INSTALLED_NETWORKS.flatMap((network) =>
    network.aliases.map((alias) => `${alias} is accepted for ${network.id}`),
  ).join(', ');
}
