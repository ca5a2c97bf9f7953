// The shape of contracts/threads/publishing-rules.json (hand-written from Meta's Threads reference
// pages) and the two counts its rules need: a text's length as Threads counts it, and its links.
import { readContractJson } from '../contracts-dir';

interface PageRule {
  source: string;
  quote?: string;
}

export interface ThreadsParamRule extends PageRule {
  /** The container media types the parameter applies to. */
  kinds: string[];
  values?: string[];
  minLength?: number;
  maxLength?: number;
  /** Characters the value may not hold. */
  forbidden?: string[];
  /** The value is an http(s) URL. */
  url?: boolean;
  /** Parameters it may not be sent with. */
  exclusiveWith?: string[];
  /** A JSON object of poll options. */
  poll?: { keys: string[]; required: string[]; maxLength: number };
}

export interface ThreadsQuota {
  total: number;
  durationSeconds: number;
}

export interface ThreadsPublishingRules {
  sources: Record<string, { url: string; read: string }>;
  mediaType: PageRule & { values: string[]; carouselItemValues: string[] };
  media: Record<string, PageRule & { oneOf: string[] }>;
  text: PageRule & { maxLength: number; counting: string; requiredOn: string[]; unlessOneOf: string[] };
  links: PageRule & { max: number; errorCode: string };
  children: PageRule & { min: number; max: number };
  carouselItems: PageRule & { params: string[] };
  params: Record<string, ThreadsParamRule>;
  quotas: PageRule & Record<'posts' | 'replies' | 'deletes' | 'locationSearches', ThreadsQuota>;
  container: PageRule & {
    statuses: string[];
    errorMessages: string[];
    lifetimeSeconds: number;
    publishedTooEarly: PageRule & { code: number; subcode: number; type: string; message: string; userTitle: string };
  };
  tokens: PageRule & {
    codeLifetimeSeconds: number;
    shortLivedSeconds: number;
    longLivedSeconds: number;
    refreshMinAgeSeconds: number;
  };
  scopes: {
    source: string;
    known: string[];
    perCall: Record<string, string[]>;
    /** Replying under a root post of another profile needs one of these. */
    replyUnderAnotherRoot: { anyOf: string[]; source: string };
  };
  /** Parameters a reference page lists for an operation (`METHOD /path`) that the collection's example leaves out. */
  extraParams: { operations: Record<string, PageRule & { params: string[] }> };
  mediaLimits: {
    image: { formats: string[]; maxBytes: number };
    video: { formats: string[]; maxBytes: number; maxSeconds: number };
  };
}

export function threadsPublishingRules(): ThreadsPublishingRules {
  return readContractJson<ThreadsPublishingRules>('threads/publishing-rules.json');
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A text's length as Threads counts it: "Text posts are limited to 500 characters. Emojis are
 * counted as the number of UTF-8 bytes" (the Posts page, which points to grapheme splitting for
 * characters): one per grapheme cluster, an emoji cluster as many as its UTF-8 bytes.
 */
export function threadsTextLength(text: string): number {
  let length = 0;
  for (const { segment } of segmenter.segment(text))
    length += EMOJI.test(segment) ? Buffer.byteLength(segment, 'utf8') : 1;
  return length;
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;

/**
 * The distinct links of a post as the Text Attachments page counts them: "All unique URLs found in
 * the text field are counted as links", and an attached link different from those counts once more.
 */
export function threadsLinkCount(text: string, attached: readonly string[] = []): number {
  const normal = (url: string) =>
    url
      .replace(/[.,;:!?)]+$/u, '')
      .replace(/^https?:\/\//i, '')
      .replace(/\/$/, '')
      .toLowerCase();
  const links = new Set((text.match(URL_IN_TEXT) ?? []).map(normal));
  for (const url of attached) links.add(normal(url));
  return links.size;
}
