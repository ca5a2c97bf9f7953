import { Foundation1795288968631 } from './1795288968631-foundation';
import { ConnectFlow1795291664304 } from './1795291664304-connect-flow';
import { Posts1795292603652 } from './1795292603652-posts';
import { AccountOwner1795293207728 } from './1795293207728-account-owner';
import { WorkerHeartbeats1795293547265 } from './1795293547265-worker-heartbeats';
import { Webhooks1795300000000 } from './1795300000000-webhooks';
import { Dashboard1795310000000 } from './1795310000000-dashboard';
import { RateLimitWaits1795320000000 } from './1795320000000-rate-limit-waits';
import { ScanIndexes1795330000000 } from './1795330000000-scan-indexes';
import { FairQueues1795340000000 } from './1795340000000-fair-queues';
import { AccountListPages1795350000000 } from './1795350000000-account-list-pages';
import { ApiKeyRevocations1795360000000 } from './1795360000000-api-key-revocations';
import { ClaimSafety1795370000000 } from './1795370000000-claim-safety';
import { TestWorlds1795380000000 } from './1795380000000-test-worlds';
import { DashboardViewing1795385000000 } from './1795385000000-dashboard-viewing';
import { EmulatorWorlds1795390000000 } from './1795390000000-emulator-worlds';
import { WebhookSecretRotation1795400000000 } from './1795400000000-webhook-secret-rotation';
import { WebhookSubscriptions1795410000000 } from './1795410000000-webhook-subscriptions';
import { EventSkipReasons1795420000000 } from './1795420000000-event-skip-reasons';
import { Media1795430000000 } from './1795430000000-media';
import { MetricSnapshots1795440000000 } from './1795440000000-metric-snapshots';
import { CommentRequests1795450000000 } from './1795450000000-comment-requests';
import { Unpublish1795460000000 } from './1795460000000-unpublish';
import { MediaDuration1795470000000 } from './1795470000000-media-duration';
import { MediaUploadBeat1795480000000 } from './1795480000000-media-upload-beat';
import { ScanRounds1795490000000 } from './1795490000000-scan-rounds';
import { CommentBacklog1795500000000 } from './1795500000000-comment-backlog';
import { NetworkAppSettings1795512000000 } from './1795512000000-network-app-settings';
import { ReplyTargetIndexes1795523240000 } from './1795523240000-reply-target-indexes';
import { EventRecording1795530000000 } from './1795530000000-event-recording';
import { PostVariants1795540000000 } from './1795540000000-post-variants';
import { AccountTraits1795550000000 } from './1795550000000-account-traits';
import { SignInTries1795560000000 } from './1795560000000-sign-in-tries';
import { ProofKeys1795570000000 } from './1795570000000-proof-keys';
import { PostTraceParent1795580000000 } from './1795580000000-post-trace-parent';
import { NetworkQuota1795583000000 } from './1795583000000-network-quota';
import { DashboardCharts1795590000000 } from './1795590000000-dashboard-charts';
import { MediaPageIndex1795600000000 } from './1795600000000-media-page-index';
import { EventHistory1795610000000 } from './1795610000000-event-history';
import { PostDrafts1795620000000 } from './1795620000000-post-drafts';
import { DeliveryRetries1795630000000 } from './1795630000000-delivery-retries';
import { DeliveryEdits1795640000000 } from './1795640000000-delivery-edits';
import { DeliveryAttempts1795650000000 } from './1795650000000-delivery-attempts';
import { PostsPageIndex1795660000000 } from './1795660000000-posts-page-index';

/** Every migration, oldest first. Listed explicitly so the same list works from ts and compiled js. */
export const MIGRATIONS = [
  Foundation1795288968631,
  ConnectFlow1795291664304,
  Posts1795292603652,
  AccountOwner1795293207728,
  WorkerHeartbeats1795293547265,
  Webhooks1795300000000,
  Dashboard1795310000000,
  RateLimitWaits1795320000000,
  ScanIndexes1795330000000,
  FairQueues1795340000000,
  AccountListPages1795350000000,
  ApiKeyRevocations1795360000000,
  ClaimSafety1795370000000,
  TestWorlds1795380000000,
  DashboardViewing1795385000000,
  EmulatorWorlds1795390000000,
  WebhookSecretRotation1795400000000,
  WebhookSubscriptions1795410000000,
  EventSkipReasons1795420000000,
  Media1795430000000,
  MetricSnapshots1795440000000,
  CommentRequests1795450000000,
  Unpublish1795460000000,
  MediaDuration1795470000000,
  MediaUploadBeat1795480000000,
  ScanRounds1795490000000,
  CommentBacklog1795500000000,
  NetworkAppSettings1795512000000,
  ReplyTargetIndexes1795523240000,
  EventRecording1795530000000,
  PostVariants1795540000000,
  AccountTraits1795550000000,
  SignInTries1795560000000,
  ProofKeys1795570000000,
  PostTraceParent1795580000000,
  NetworkQuota1795583000000,
  DashboardCharts1795590000000,
  MediaPageIndex1795600000000,
  EventHistory1795610000000,
  PostDrafts1795620000000,
  DeliveryRetries1795630000000,
  DeliveryEdits1795640000000,
  DeliveryAttempts1795650000000,
  PostsPageIndex1795660000000,
];
