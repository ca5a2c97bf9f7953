import { COUNT, POSITIVE, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** Instagram Login code exchange answer: documented `{"data":[…]}` or the observed flat object. */
    instagramTokenShape: 'documented' | 'flat';
    /** Status polls a video container answers IN_PROGRESS before FINISHED. */
    instagramVideoPolls: number;
    /** Minimum time a video container stays IN_PROGRESS, whatever the polls. */
    instagramVideoProcessingMs: number;
    /** `config.quota_total` of content_publishing_limit (enforced with enforceRateLimits). */
    instagramQuotaTotal: number;
  }
}

export const INSTAGRAM_SETTINGS: SettingSpecs = {
  instagramTokenShape: {
    default: 'documented',
    rule: (value) => value === 'documented' || value === 'flat',
    expected: "'documented' or 'flat'",
  },
  instagramVideoPolls: { default: 2, ...COUNT },
  instagramVideoProcessingMs: { default: 0, ...COUNT },
  instagramQuotaTotal: { default: 50, ...POSITIVE },
};
