// Checks an Instagram container request (POST /{ig-user-id}/media) against the publishing rules Meta's
// reference page states and the codegen lacks (contracts/meta/instagram-publishing-rules.json): which
// media_type values exist, which kind of container each parameter applies to, and the shape and bounds
// of the JSON-encoded ones (collaborators, user_tags, trial_params, children). Parameter names and
// types stay GraphContract's part; this adds what only the page says.
import { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import { isJsonObject, JsonValue } from '../json';

export type InstagramContainerKind = 'image' | 'carousel_image' | 'carousel_video' | 'carousel' | 'reel' | 'story';

interface PageRule {
  quote: string;
  source: string;
}

export interface InstagramParamRule extends PageRule {
  /** The container kinds the parameter applies to; on any other it is reported. */
  kinds: InstagramContainerKind[];
  requiredOn?: InstagramContainerKind[];
  maxLength?: number;
  /** A list parameter (a JSON array, or comma-separated) of at most this many items. */
  maxItems?: number;
  /** A JSON array of objects: required keys and coordinates within [minimum, maximum]. */
  item?: {
    required: string[];
    coordinates: string[];
    minimum: number;
    maximum: number;
    coordinatesRequiredOn: InstagramContainerKind[];
    coordinatesOn: InstagramContainerKind[];
  };
  /** A JSON object: required keys and the values each key takes. */
  object?: { required: string[]; values: Record<string, string[]> };
}

export interface InstagramPublishingRules {
  sources: Record<string, { url: string; snapshot: string; finalUrl?: string; title?: string; sha256?: string }>;
  mediaType: PageRule & { values: string[]; carouselItemValues: string[] };
  /** Per kind, the medium parameters it takes, exactly one of which must be sent (none for a carousel). */
  media: Record<InstagramContainerKind, PageRule & { oneOf: string[] }>;
  params: Record<string, InstagramParamRule>;
  /** Limits of the media themselves, which a request of URLs cannot show: for the service's own checks. */
  mediaLimits: Record<string, unknown>;
}

const MEDIUM_PARAMS = ['image_url', 'video_url', 'upload_type'];

export class InstagramContainerRules {
  private static cached: InstagramContainerRules | undefined;

  constructor(readonly rules: InstagramPublishingRules) {}

  static load(): InstagramContainerRules {
    return (InstagramContainerRules.cached ??= new InstagramContainerRules(
      readContractJson<InstagramPublishingRules>('meta/instagram-publishing-rules.json'),
    ));
  }

  /** The container kind the parameters make, or why they make none (a media_type Meta does not list). */
  kindOf(params: Record<string, string>): { kind: InstagramContainerKind } | { problem: string } {
    const mediaType = params.media_type;
    if (params.is_carousel_item === 'true') {
      if (mediaType === undefined) return { kind: 'carousel_image' };
      if (this.rules.mediaType.carouselItemValues.includes(mediaType)) return { kind: 'carousel_video' };
      return { problem: `media_type "${mediaType}" on a carousel item is not one of ${this.itemTypes()}` };
    }
    if (mediaType === undefined) return { kind: 'image' };
    const kind = ({ CAROUSEL: 'carousel', REELS: 'reel', STORIES: 'story' } as const)[mediaType];
    if (kind && this.rules.mediaType.values.includes(mediaType)) return { kind };
    return {
      problem: `media_type "${mediaType}" is not one of ${this.rules.mediaType.values.join(', ')} (${this.itemTypes()} only on a carousel item)`,
    };
  }

  /** What the page's rules refuse in one container request; `node` names the operation in the report. */
  check(params: Record<string, string>, node = 'IGUser'): ContractViolation[] {
    const violation = (message: string): ContractViolation => ({
      network: 'instagram',
      operation: `POST ${node}/media`,
      kind: 'request',
      message,
    });
    const found = this.kindOf(params);
    if ('problem' in found) return [violation(found.problem)];
    const { kind } = found;
    const messages = [...this.mediumMessages(kind, params)];
    for (const [name, rule] of Object.entries(this.rules.params)) {
      const value = params[name];
      if (value === undefined) {
        if (rule.requiredOn?.includes(kind)) messages.push(`"${name}" is required on ${kind} containers`);
        continue;
      }
      if (!rule.kinds.includes(kind)) {
        messages.push(`"${name}" is not supported on ${kind} containers (only ${rule.kinds.join(', ')})`);
        continue;
      }
      messages.push(...valueMessages(name, value, rule, kind));
    }
    return messages.map(violation);
  }

  private itemTypes(): string {
    return this.rules.mediaType.carouselItemValues.join(', ');
  }

  private mediumMessages(kind: InstagramContainerKind, params: Record<string, string>): string[] {
    const { oneOf } = this.rules.media[kind];
    const sent = MEDIUM_PARAMS.filter((name) => params[name] !== undefined);
    const messages = sent
      .filter((name) => !oneOf.includes(name))
      .map((name) => `"${name}" is not supported on ${kind} containers`);
    const taken = sent.filter((name) => oneOf.includes(name));
    if (oneOf.length > 0 && taken.length === 0)
      messages.push(`${kind} containers need one of ${oneOf.map((name) => `"${name}"`).join(', ')}`);
    if (taken.length > 1) messages.push(`${kind} containers take one medium: ${taken.join(' and ')} were both sent`);
    return messages;
  }
}

function valueMessages(name: string, value: string, rule: InstagramParamRule, kind: InstagramContainerKind): string[] {
  const messages: string[] = [];
  if (rule.maxLength !== undefined && [...value].length > rule.maxLength)
    messages.push(`"${name}" is longer than ${rule.maxLength} characters`);
  if (rule.maxItems !== undefined && !rule.item) {
    const items = parseList(value);
    if (!items) messages.push(`"${name}" is not a list`);
    else if (items.length > rule.maxItems)
      messages.push(`"${name}" lists ${items.length} items; at most ${rule.maxItems}`);
  }
  if (rule.item) messages.push(...itemMessages(name, value, rule.item, kind));
  if (rule.object) messages.push(...objectMessages(name, value, rule.object));
  return messages;
}

/** A JSON array, or a comma-separated list (how Graph takes list<string> parameters). */
function parseList(value: string): JsonValue[] | undefined {
  if (!value.trim().startsWith('[')) return value.split(',').map((item) => item.trim());
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed : undefined;
}

function parseJson(value: string): JsonValue | undefined {
  try {
    return JSON.parse(value) as JsonValue;
  } catch {
    return undefined;
  }
}

function itemMessages(
  name: string,
  value: string,
  item: NonNullable<InstagramParamRule['item']>,
  kind: InstagramContainerKind,
): string[] {
  const list = parseJson(value);
  if (!Array.isArray(list)) return [`"${name}" is not a JSON array`];
  return list.flatMap((entry, index) => {
    const at = `${name}[${index}]`;
    if (!isJsonObject(entry)) return [`${at} is not an object`];
    const messages = item.required
      .filter((key) => typeof entry[key] !== 'string' || entry[key] === '')
      .map((key) => `${at}.${key} is required`);
    for (const coordinate of item.coordinates) {
      const given = entry[coordinate];
      if (given === undefined) {
        if (item.coordinatesRequiredOn.includes(kind))
          messages.push(`${at}.${coordinate} is required on ${kind} containers`);
      } else if (!item.coordinatesOn.includes(kind)) {
        messages.push(`${at}.${coordinate} applies only to ${item.coordinatesOn.join(', ')} containers`);
      } else if (typeof given !== 'number' || given < item.minimum || given > item.maximum) {
        messages.push(`${at}.${coordinate} must be a number from ${item.minimum} to ${item.maximum}`);
      }
    }
    return messages;
  });
}

function objectMessages(name: string, value: string, object: NonNullable<InstagramParamRule['object']>): string[] {
  const parsed = parseJson(value);
  if (!isJsonObject(parsed)) return [`"${name}" is not a JSON object`];
  const messages = object.required
    .filter((key) => parsed[key] === undefined)
    .map((key) => `${name}.${key} is required`);
  for (const [key, values] of Object.entries(object.values)) {
    const given = parsed[key];
    if (given !== undefined && (typeof given !== 'string' || !values.includes(given)))
      messages.push(`${name}.${key}: ${JSON.stringify(given)} is not one of ${values.join(', ')}`);
  }
  return messages;
}
