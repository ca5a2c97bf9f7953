import type { NetworkPostOptions } from '../networks';
import type { StoredContainer } from './post.entity';

/** What a network's or an account's variant of a post changes: its containers, its options, or both. */
export interface StoredVariant {
  containers?: StoredContainer[];
  options?: NetworkPostOptions;
}

/**
 * The post's per-network options (`options.<network>`) and per-account overrides
 * (`accountOverrides`), as accepted (media resolved as for the post's containers), stored on the
 * post so that each delivery publishes exactly what was accepted (resolveDelivery).
 */
export interface StoredPostVariants {
  /** Keyed by network id. */
  networks?: Record<string, StoredVariant>;
  /** Keyed by connected account id. */
  accounts?: Record<string, StoredVariant>;
}

/** What one delivery publishes. */
export interface ResolvedDelivery {
  containers: StoredContainer[];
  /** The network's options, the account's winning name by name; {} when none. */
  options: NetworkPostOptions;
}

/**
 * One account's containers and options: its override's containers, else its network's, else the
 * post's; the network's options with the override's on top (an option named in both takes the
 * override's value).
 */
export function resolveDelivery(
  post: { containers: StoredContainer[]; variants: StoredPostVariants },
  accountId: string,
  platform: string,
): ResolvedDelivery {
  const network = post.variants.networks?.[platform];
  const account = post.variants.accounts?.[accountId];
  return {
    containers: account?.containers ?? network?.containers ?? post.containers,
    options: { ...network?.options, ...account?.options },
  };
}

/** Every container list of the post (its own, each network's, each account's), for its media. */
export function allContainers(post: {
  containers: StoredContainer[];
  variants: StoredPostVariants;
}): StoredContainer[] {
  const variants = [...Object.values(post.variants.networks ?? {}), ...Object.values(post.variants.accounts ?? {})];
  return [...post.containers, ...variants.flatMap((variant) => variant.containers ?? [])];
}
