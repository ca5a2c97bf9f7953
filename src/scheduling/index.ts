/** What other modules may use from scheduling/: everything else in the folder is its own. */
export { PeriodicScheduler } from './periodic-scheduler';
export {
  COMMENT_SCAN,
  METRICS_SCAN,
  PURGE_CONNECT_STATE,
  PURGE_IDEMPOTENCY_KEYS,
  PURGE_OLD_EVENTS,
  PURGE_SIGN_IN_FAILURES,
  PURGE_UNUSED_MEDIA,
  TOKEN_SCAN,
} from './periodic-tasks';
export { SchedulingModule } from './scheduling.module';
