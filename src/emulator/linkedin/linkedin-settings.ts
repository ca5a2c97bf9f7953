import { BOOLEAN, COUNT, POSITIVE, SettingSpecs } from '../state/settings';
import { linkedInApiRules } from '../../contracts';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** Whether the app is one LinkedIn gives refresh tokens (approved Community Management apps); others re-consent every 60 days. */
    linkedinRefreshTokens: boolean;
    /** Status reads a finalized video answers PROCESSING before AVAILABLE. */
    linkedinVideoPolls: number;
    /** Minimum time a finalized video stays PROCESSING, whatever the reads. */
    linkedinVideoProcessingMs: number;
    /** Posts an author may create per day (UTC) with enforceRateLimits: third parties say 150. */
    linkedinPostsPerDay: number;
  }
}

export const LINKEDIN_SETTINGS: SettingSpecs = {
  linkedinRefreshTokens: { default: true, ...BOOLEAN },
  linkedinVideoPolls: { default: 1, ...COUNT },
  linkedinVideoProcessingMs: { default: 0, ...COUNT },
  linkedinPostsPerDay: { default: linkedInApiRules().rateLimits.postsPerDay.value, ...POSITIVE },
};
