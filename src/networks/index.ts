/** What other modules may use from networks/: everything else in the folder is its own. */
export { ACCOUNT_FEATURES, FEATURE_WORDS, featuresOfPost, lackedFor, missingPermissions } from './account-permissions';
export type { AccountFeature, MissingPermissions, PermissionNeeds } from './account-permissions';
export { AppCredentialsResolver } from './apps/app-credentials.resolver';
export { NetworkApp } from './apps/network-app.entity';
export { NetworkAppsService } from './apps/network-apps.service';
export type { NetworkAppSummary } from './apps/network-apps.service';
export { NetworkAppsStore } from './apps/network-apps.store';
export { TestWorldApps } from './apps/test-world-apps';
export { isWorldId, WORLD_HEADER, worldClientId, worldMark, worldsNamedIn } from './apps/test-world-mark';
export { CONTENT_RULES, CONTENT_WARNINGS } from './content-rule';
export type { ContentRule } from './content-rule';
export { NetworkHttpModule } from './http/network-http.module';
export { OWN_CALLER_HEADER, OwnEmulatorCaller } from './http/own-emulator-caller';
export { mediaKindOf } from './media-kind';
export { METRIC_UNAVAILABLE_REASONS } from './metrics/metric-reading';
export type { MetricReading, MetricUnavailableReason } from './metrics/metric-reading';
export { deletesPosts } from './network-adapter';
export { editsPublishedText } from './post-edits';
export type { EditableDelivery, EditOutcome, EditRefusal, EditRequest, TextEditing } from './post-edits';
export type {
  AccountTraits,
  CommentPage,
  CommentingAdapter,
  CommentsCall,
  DestinationsAdapter,
  MediaKind,
  NetworkAdapter,
  NetworkComment,
  PasswordCredentials,
  PasswordSignIn,
  PostPart,
  PublishDestination,
  PublishOutcome,
  PublishProgress,
  SelectableAccount,
  UserGrant,
} from './network-adapter';
export type { AccountTokens, AppCredentials, AppLoginOptions, AppOption } from './network-credentials';
export { NetworkError } from './network-error';
export { INSTALLED_NETWORKS } from './installed-networks';
export type { InstalledNetwork } from './installed-network';
export { NETWORK_IDS, describeNetworkAliases, describeNetworkIds } from './network-names';
export type { NetworkId } from './network-names';
export { NO_POST_OPTIONS } from './post-options';
export type { NetworkPostOptions, PostOptionsRules } from './post-options';
export { NetworkRegistry, UnknownNetworkError } from './network-registry';
export { EMULATOR_APP } from './network-settings';
export { NetworksModule } from './networks.module';
export { safeNetworkMessage } from './safe-network-message';
