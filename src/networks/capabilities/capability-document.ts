import { ACCOUNT_FEATURES } from '../account-permissions';
import { deletesPosts, NetworkAdapter } from '../network-adapter';
import { NO_POST_OPTIONS } from '../post-options';
import { editsPublishedText } from '../post-edits';
import type { NetworkCapabilitiesView, NetworkSummaryView } from './dto/network-capabilities.view';

/** Deep copies, so no answer can change what the rules read (the document is built from their own objects). */
const copy = <T>(value: T): T => structuredClone(value);

export function networkSummary(adapter: NetworkAdapter): NetworkSummaryView {
  return { id: adapter.id, displayName: adapter.displayName, aliases: [...adapter.aliases] };
}

/**
 * The capability document of a network: what its rules take, read from the adapter's own
 * tables (its capabilities, the options' schema its check agrees with, its permission needs,
 * metric names, comments and unpublishing), so the document and a 422 cannot disagree.
 */
export function capabilityDocument(adapter: NetworkAdapter): NetworkCapabilitiesView {
  const { text, placements, defaultPlacement, placementOption, thread } = copy(adapter.capabilities);
  const options = adapter.postOptions ?? NO_POST_OPTIONS;
  return {
    ...networkSummary(adapter),
    text,
    placements: placements as NetworkCapabilitiesView['placements'],
    defaultPlacement,
    placementOption,
    thread,
    unpublish: { supported: deletesPosts(adapter) },
    editAfterPublishing: { supported: editsPublishedText(adapter) },
    comments: { supported: adapter.comments !== undefined, commentId: adapter.comments?.commentId.words ?? null },
    metrics: { post: [...adapter.metricNames.post], account: [...adapter.metricNames.account] },
    permissions: ACCOUNT_FEATURES.flatMap((feature) => {
      const alternatives = adapter.permissionNeeds[feature];
      return alternatives?.length ? [{ feature, anyOf: alternatives.map((alternative) => [...alternative]) }] : [];
    }),
    options: {
      names: [...options.names],
      schema: copy(options.schema ?? { type: 'object', additionalProperties: true }),
    },
  };
}
