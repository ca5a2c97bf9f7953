// The hand-written half of YouTube's contract (contracts/youtube/api-rules.json): what the reference
// pages state and the discovery document does not put in a schema. Typed here so the checker, the
// adapter's limits and the emulator read the same numbers.
import { readContractJson } from '../contracts-dir';

interface TextRule {
  required?: boolean;
  maxLength: number;
  forbidden: string[];
  errors: { missing?: string; invalid: string };
}

export interface YouTubeApiRules {
  retrieved: string;
  videoResource: {
    page: string;
    'snippet.title': TextRule;
    'snippet.description': TextRule;
    'snippet.tags': { maxTotalLength: number; errors: { invalid: string } };
    'snippet.categoryId': { pattern: string; errors: { invalid: string } };
    readOnly: string[];
  };
  comments: { textOriginal: { maxLength: number } };
  quota: {
    page: string;
    defaultUnitsPerDay: number;
    timeZone: string;
    buckets: { units: { defaultPerDay: number }; 'videos.insert': { defaultPerDay: number; costPerCall: number } };
    costs: Record<string, number>;
  };
  oauth: {
    authorize: { url: string; required: string[]; optional: string[]; values: Record<string, string[]> };
    token: { url: string; accessTokenSeconds: number };
    revoke: { url: string };
    scopes: Record<string, string>;
  };
  resumableUpload: { partMultiple: number };
  thumbnails: { accept: string[]; maxBytes: number };
  shorts: { maxSeconds: number };
}

export function youTubeApiRules(): YouTubeApiRules {
  return readContractJson<YouTubeApiRules>('youtube/api-rules.json');
}

/**
 * The length YouTube counts for a video's tags: the tags joined with commas, a tag holding a space
 * counted with the quotation marks around it (videos#snippet.tags).
 */
export function youTubeTagsLength(tags: readonly string[]): number {
  return tags.reduce((total, tag, index) => total + [...tag].length + (/\s/.test(tag) ? 2 : 0) + (index ? 1 : 0), 0);
}
