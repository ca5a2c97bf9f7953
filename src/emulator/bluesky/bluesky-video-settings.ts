import { COUNT, SettingSpecs } from '../state/settings';

declare module '../state/settings' {
  interface EmulatorSettings {
    /** getJobStatus reads a video job answers in progress before it completes. */
    blueskyVideoPolls: number;
    /** Minimum time a video job stays in progress, whatever the reads. */
    blueskyVideoProcessingMs: number;
    /** Videos an account may upload a day (app.bsky.video.getUploadLimits' remainingDailyVideos). */
    blueskyDailyVideos: number;
    /** Bytes of video an account may upload a day (remainingDailyBytes). */
    blueskyDailyVideoBytes: number;
  }
}

/**
 * The video service's knobs. Bluesky limits the videos an account posts a day
 * (https://docs.bsky.app/docs/tutorials/video); the allowance defaults to the numbers it announced
 * when it opened video on 11 September 2024, 25 videos or 10 GB a day. getUploadLimits tells the
 * live numbers.
 */
/** A byte count can pass COUNT's million. */
const BYTES = {
  rule: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
  expected: 'a number of bytes ≥ 0',
} as const;

export const BLUESKY_VIDEO_SETTINGS: SettingSpecs = {
  blueskyVideoPolls: { default: 1, ...COUNT },
  blueskyVideoProcessingMs: { default: 0, ...COUNT },
  blueskyDailyVideos: { default: 25, ...COUNT },
  blueskyDailyVideoBytes: { default: 10_000_000_000, ...BYTES },
};
