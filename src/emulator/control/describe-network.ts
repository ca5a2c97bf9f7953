import { EmulatedNetworkDescriptor } from '../registry/emulated-network';

/** A network as `GET /control/networks` shows it: what a test or script can rely on. */
export function describeNetwork(network: EmulatedNetworkDescriptor) {
  return {
    id: network.id,
    title: network.title,
    aliases: network.aliases,
    pathPrefix: network.pathPrefix,
    dependsOn: (network.dependsOn ?? []).map((dependency) => dependency.network),
    consentPath: network.consent ? `${network.pathPrefix}${network.consent.path}` : null,
    tokenKinds: network.tokenKinds.map(({ kind, prefix, ttlSeconds, rotation, about }) => ({
      kind,
      prefix,
      ttlSeconds,
      rotation,
      about,
    })),
    settings: Object.keys(network.control?.settings ?? {}),
    seededUsers: Object.keys(network.testUser.seeds),
  };
}
