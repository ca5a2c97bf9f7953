// Checkers over the networks' published contracts (contracts/ at the repository root): X's OpenAPI
// document and Meta's Graph API specs, with the hand-written permission and removed-metric tables.
export type { ContractViolation } from './contract-violation';
export { contractsDir } from './contracts-dir';
export { loadManifest } from './manifest';
export type { ContractsManifest } from './manifest';
export { OpenApiContract } from './openapi/openapi-contract';
export type { OpenApiRequest, MatchedOperation, MetaOAuthHost, MultipartFile } from './openapi/openapi-contract';
export type { OpenApiOverlay, MutuallyExclusiveRule, RequiredPropertyRule } from './openapi/openapi-overlay';
export { GraphContract, UNIVERSAL_GRAPH_PARAMS } from './graph/graph-contract';
export type { GraphCall, GraphPermissionQuery } from './graph/graph-contract';
export { parseFields, FieldsSyntaxError } from './graph/graph-fields';
export { InstagramContainerRules } from './graph/instagram-container-rules';
export type {
  InstagramContainerKind,
  InstagramParamRule,
  InstagramPublishingRules,
} from './graph/instagram-container-rules';
export type { FieldSelection } from './graph/graph-fields';
export type { GraphLogin, PermissionRow, RemovedMetric } from './graph/graph-tables';
export { readContractJson } from './contracts-dir';
export { pageReelsStoriesRules, uploadPhaseOf } from './graph/page-reels-stories';
export type { DurationRangeMs, PageReelsStoriesRules } from './graph/page-reels-stories';
export { LexiconContract, BLUESKY_LEXICON_FILE } from './lexicon/lexicon-contract';
export type { LexiconFile } from './lexicon/lexicon-file';
export { ThreadsContract } from './threads/threads-contract';
export type { ThreadsRequest, ThreadsViolation } from './threads/threads-contract';
export { threadsLinkCount, threadsPublishingRules, threadsTextLength } from './threads/threads-rules';
export type { ThreadsParamRule, ThreadsPublishingRules, ThreadsQuota } from './threads/threads-rules';
export { LinkedInContract, operationPath as linkedInOperationPath } from './linkedin/linkedin-contract';
export type { LinkedInRequest, LinkedInViolation } from './linkedin/linkedin-contract';
export {
  escapeLittleText,
  linkedInApiRules,
  linkedInSunset,
  linkedInVersionActive,
  readLittleText,
} from './linkedin/linkedin-rules';
export type { LinkedInApiRules, LinkedInVersionRow } from './linkedin/linkedin-rules';
export {
  pinterestContract,
  pinterestOAuthScopes,
  pinterestOperation,
  PINTEREST_OPENAPI_FILE,
} from './pinterest/pinterest-contract';
export type { PinterestOperationTerms } from './pinterest/pinterest-contract';
export { pinterestApiRules, pinterestError } from './pinterest/pinterest-rules';
export type { PinterestApiRules, PinterestErrorRule } from './pinterest/pinterest-rules';
export { TikTokContract } from './tiktok/tiktok-contract';
export type { TikTokRequest, TikTokViolation } from './tiktok/tiktok-contract';
export { tiktokApiRules, tiktokChunkPlan, tiktokChunkProblems, tiktokTextLength } from './tiktok/tiktok-rules';
export type {
  TikTokApiRules,
  TikTokChunkPlan,
  TikTokEndpoint,
  TikTokEndpointName,
  TikTokPostStatus,
  TikTokPrivacyLevel,
} from './tiktok/tiktok-rules';
export { YouTubeContract } from './youtube/youtube-contract';
export type { YouTubeDiscovery, YouTubeRequest, YouTubeViolation } from './youtube/youtube-contract';
export { youTubeApiRules, youTubeTagsLength } from './youtube/youtube-rules';
export type { YouTubeApiRules } from './youtube/youtube-rules';
export { youTubeQuotaDay } from './youtube/youtube-quota-day';
export { xEditRules } from './edits/x-edit-rules';
export type { XEditRules } from './edits/x-edit-rules';
export { isJsonObject } from './json';
export type { JsonObject, JsonValue } from './json';
