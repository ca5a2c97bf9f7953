import { InstagramContainerRules } from '../../contracts';
import { GraphError } from '../graph/graph-error';
import { isHttpUrl } from '../http/http-url';
import { Params } from '../http/request-params';
import type { InstagramGraduationStrategy, InstagramUserTag } from './instagram-published';

/** What a container request sets beside its medium and caption, as the container keeps it until it is published. */
export interface InstagramContainerOptions {
  altText?: string;
  userTags?: InstagramUserTag[];
  collaborators?: string[];
  locationId?: string;
  shareToFeed?: boolean;
  coverUrl?: string;
  thumbOffsetMs?: number;
  trialParams?: { graduationStrategy: InstagramGraduationStrategy };
  audioName?: string;
}

/**
 * The parameters the contract rules (contracts/meta/instagram-publishing-rules.json) judge here. The
 * caption stays with the container's own check, which answers Meta's subcode for it (2207010), and a
 * caption on a carousel item is ignored, as the emulator always did; a carousel's children are counted
 * first by the container's check, with Meta's 2207028.
 */
const RULED_PARAMS = [
  'media_type',
  'is_carousel_item',
  'image_url',
  'video_url',
  'upload_type',
  'children',
  'alt_text',
  'collaborators',
  'user_tags',
  'location_id',
  'trial_params',
  'share_to_feed',
  'cover_url',
  'thumb_offset',
  'audio_name',
] as const;

/**
 * A parameter Graph refuses. Meta's error-codes page gives no code for these rules, so the answer is
 * Graph's generic invalid parameter (code 100) with `error_user_msg` naming the parameter and the rule.
 */
export function invalidContainerParameter(userMessage: string): GraphError {
  return new GraphError({ code: 100, message: 'Invalid parameter', userTitle: 'Invalid parameter', userMessage }, true);
}

/**
 * Refuses what Meta's publishing rules refuse in a container request (the media_type a kind needs, one
 * medium, and which kind each option applies to with its bounds), through the contracts' own checker.
 * `media_type=IMAGE` is not in Meta's list but has always been taken for an image or an image carousel
 * item (as no media_type is), so the rules see it as absent.
 */
export function checkContainerRules(params: Params): void {
  const ruled: Record<string, string> = {};
  for (const name of RULED_PARAMS) if (params[name] !== undefined) ruled[name] = params[name];
  if (ruled.media_type !== undefined) ruled.media_type = ruled.media_type.toUpperCase();
  if (ruled.media_type === 'IMAGE') delete ruled.media_type;
  const [first] = InstagramContainerRules.load().check(ruled);
  if (first) throw invalidContainerParameter(first.message);
}

/** The options of a request the rules passed, read into the container's record. */
export function readContainerOptions(params: Params): InstagramContainerOptions {
  const options: InstagramContainerOptions = {};
  if (params.alt_text !== undefined) options.altText = params.alt_text;
  if (params.user_tags !== undefined) options.userTags = userTags(params.user_tags);
  if (params.collaborators !== undefined) options.collaborators = collaborators(params.collaborators);
  if (params.location_id !== undefined) options.locationId = nonEmpty('location_id', params.location_id);
  if (params.share_to_feed !== undefined) options.shareToFeed = bool('share_to_feed', params.share_to_feed);
  if (params.cover_url !== undefined) {
    if (!isHttpUrl(params.cover_url))
      throw new GraphError(
        {
          code: 9004,
          subcode: 2207052,
          message: "Media download has failed. The media URI doesn't meet our requirements. (cover_url)",
        },
        true,
      );
    options.coverUrl = params.cover_url;
  }
  if (params.thumb_offset !== undefined) options.thumbOffsetMs = thumbOffset(params.thumb_offset);
  if (params.trial_params !== undefined) {
    const { graduation_strategy } = JSON.parse(params.trial_params) as { graduation_strategy: string };
    options.trialParams = { graduationStrategy: graduation_strategy as InstagramGraduationStrategy };
  }
  if (params.audio_name !== undefined) options.audioName = params.audio_name;
  return options;
}

function nonEmpty(name: string, value: string): string {
  if (value.trim() === '') throw invalidContainerParameter(`"${name}" is empty`);
  return value;
}

/** Graph's bool parameters take true/false and 1/0. */
function bool(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw invalidContainerParameter(`"${name}" must be true or false`);
}

/** Milliseconds from the start (Meta's 2207057 for an offset out of bounds; the emulator knows no duration). */
function thumbOffset(value: string): number {
  if (!/^\d+$/.test(value.trim()))
    throw new GraphError(
      {
        code: 1,
        subcode: 2207057,
        message: 'Thumbnail offset must be greater than or equal to 0 and less than video duration',
      },
      true,
    );
  return Number(value.trim());
}

/** A JSON array of usernames, or a comma-separated list (how Graph takes a list<string>); at most 3 by the rules. */
function collaborators(value: string): string[] {
  const items: unknown[] = value.trim().startsWith('[')
    ? (JSON.parse(value) as unknown[])
    : value.split(',').map((item) => item.trim());
  return items.map((item, index) => {
    if (typeof item !== 'string' || item.trim() === '')
      throw invalidContainerParameter(`collaborators[${index}] is not a username`);
    return item;
  });
}

/** The rules checked the shape (an array of objects with a username, x and y from 0 to 1 where they apply). */
function userTags(value: string): InstagramUserTag[] {
  return (JSON.parse(value) as Array<Record<string, unknown>>).map((tag) => ({
    username: String(tag.username),
    ...(typeof tag.x === 'number' ? { x: tag.x } : {}),
    ...(typeof tag.y === 'number' ? { y: tag.y } : {}),
  }));
}
