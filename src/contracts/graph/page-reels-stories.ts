// The publishing rules of Page reels and stories that Meta's guides state and its codegen lacks
// (contracts/meta/page-reels-stories.json): the rupload step, the upload phases' case, and the
// durations each placement takes. Read by the Facebook adapter's rules and by the emulator, so that
// both hold the same numbers.
import { readContractJson } from '../contracts-dir';

interface DurationSeconds {
  min: number;
  max: number;
}

interface PageReelsStoriesFile {
  rupload: { host: string; path: string; version: string; headers: Record<string, unknown> };
  uploadPhase: { values: string[]; caseInsensitive: boolean };
  reel: { finish: { required: string[]; videoStates: string[] }; media: { durationSeconds: DurationSeconds } };
  videoStory: { media: { durationSeconds: DurationSeconds } };
  photoStory: { media: { formats: string[]; maxBytes: number } };
}

/** A duration range in milliseconds. */
export interface DurationRangeMs {
  minMs: number;
  maxMs: number;
}

export interface PageReelsStoriesRules {
  /** The codegen's upload_phase values (START, FINISH), which Graph also takes in lower case. */
  uploadPhases: readonly string[];
  /** The video_state values a reel's finish takes (required there). */
  reelVideoStates: readonly string[];
  reelDuration: DurationRangeMs;
  videoStoryDuration: DurationRangeMs;
  photoStoryMaxBytes: number;
  /** The rupload address's path template, below its host: `/video-upload/{version}/{video_id}`. */
  ruploadPath: string;
}

const ms = (range: DurationSeconds): DurationRangeMs => ({ minMs: range.min * 1000, maxMs: range.max * 1000 });

let cached: PageReelsStoriesRules | undefined;

export function pageReelsStoriesRules(): PageReelsStoriesRules {
  if (cached) return cached;
  const file = readContractJson<PageReelsStoriesFile>('meta/page-reels-stories.json');
  return (cached = {
    uploadPhases: file.uploadPhase.values,
    reelVideoStates: file.reel.finish.videoStates,
    reelDuration: ms(file.reel.media.durationSeconds),
    videoStoryDuration: ms(file.videoStory.media.durationSeconds),
    photoStoryMaxBytes: file.photoStory.media.maxBytes,
    ruploadPath: file.rupload.path,
  });
}

/** Whether `value` is one of the upload phases, in either case (Graph's guides write them in lower case). */
export function uploadPhaseOf(value: string | undefined): 'START' | 'FINISH' | undefined {
  const upper = value?.toUpperCase();
  return upper && pageReelsStoriesRules().uploadPhases.includes(upper) ? (upper as 'START' | 'FINISH') : undefined;
}
