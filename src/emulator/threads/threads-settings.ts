import { threadsPublishingRules } from '../../contracts';
import { COUNT, POSITIVE, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /**
     * Status reads a new text or image container answers IN_PROGRESS before FINISHED (Meta: wait
     * about 30 seconds before publishing any container; integrators see text containers not ready).
     */
    threadsContainerPolls: number;
    /** Status reads a video container (or a carousel holding one) answers IN_PROGRESS before FINISHED. */
    threadsVideoPolls: number;
    /** Minimum time a video container stays IN_PROGRESS, whatever the reads. */
    threadsVideoProcessingMs: number;
    /** `config.quota_total` of threads_publishing_limit: posts per 24 hours (enforced with enforceRateLimits). */
    threadsQuotaTotal: number;
  }
}

export const THREADS_SETTINGS: SettingSpecs = {
  threadsContainerPolls: { default: 0, ...COUNT },
  threadsVideoPolls: { default: 1, ...COUNT },
  threadsVideoProcessingMs: { default: 0, ...COUNT },
  threadsQuotaTotal: { default: threadsPublishingRules().quotas.posts.total, ...POSITIVE },
};
