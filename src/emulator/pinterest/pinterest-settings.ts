import { COUNT, POSITIVE, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** Status reads an uploaded video answers `processing` before `succeeded`. */
    pinterestVideoPolls: number;
    /** Minimum time an uploaded video stays `processing`, whatever the reads. */
    pinterestVideoProcessingMs: number;
    /**
     * Calls per minute per user of the org_write category (creating a pin, registering a medium,
     * deleting a pin) with enforceRateLimits. Pinterest's rate limits page gives each category a
     * number per minute per user per app; the copy read for the contract was cut before the org
     * rows, so this is a knob, not Pinterest's number.
     */
    pinterestWritesPerMinute: number;
  }
}

export const PINTEREST_SETTINGS: SettingSpecs = {
  pinterestVideoPolls: { default: 1, ...COUNT },
  pinterestVideoProcessingMs: { default: 0, ...COUNT },
  pinterestWritesPerMinute: { default: 100, ...POSITIVE },
};
