import { youTubeApiRules } from '../../contracts';
import { COUNT, POSITIVE, SettingSpecs } from '../state/settings';

const { buckets } = youTubeApiRules().quota;

declare module '../state/settings' {
  interface EmulatorSettings {
    /** The project's daily quota in units (every method but videos.insert), enforced with enforceRateLimits. */
    youtubeUnitsPerDay: number;
    /** The project's daily videos.insert calls (their own bucket), enforced with enforceRateLimits. */
    youtubeUploadsPerDay: number;
    /** Status reads an uploaded video answers `uploaded` (processing) before `processed`. */
    youtubeProcessingPolls: number;
  }
}

export const YOUTUBE_SETTINGS: SettingSpecs = {
  youtubeUnitsPerDay: { default: buckets.units.defaultPerDay, ...POSITIVE },
  youtubeUploadsPerDay: { default: buckets['videos.insert'].defaultPerDay, ...POSITIVE },
  youtubeProcessingPolls: { default: 1, ...COUNT },
};
