import { mp4 } from '../../src/media/mp4.testing';
import type { MediaKind } from '../../src/networks';
import { KIND_BY_EXTENSION } from '../../src/networks/media-kind';
import type {
  MediaKindCapabilitiesView,
  NetworkCapabilitiesView,
  PlacementView,
} from '../../src/networks/capabilities/dto/network-capabilities.view';

/**
 * Turns a network's capability document (GET /api/v1/networks/:network) into posts to send to
 * POST /api/v1/posts/validate: for every limit the document states, one post at the limit (which
 * must be valid) and one past it (which must be refused at the path the limit is about). It reads
 * only the document, so a placement or an option a network adds is walked the same way.
 */

/** A medium of a case: a URL (its extension is what the rules judge), or bytes to upload first. */
export type WalkMedium = { url: string } | { upload: { contentType: string; bytes: Buffer } };
export interface WalkContainer {
  content: string;
  media?: WalkMedium[];
}
export interface WalkCase {
  /** What the case tries, for the failure message. */
  name: string;
  containers: WalkContainer[];
  /** `options.<network>`. */
  options: Record<string, unknown>;
  /**
   * `valid`, or the path a problem must name: the path itself or one under it, or for an item of a
   * list (`poll.options[0]`) the list (a network may name the list for an item of the wrong type).
   */
  expect: 'valid' | { field: string };
}

/** Uploads larger than this are not tried (a network's 512 MB video limit): the walk says which it skipped. */
export const LARGEST_TRIED_UPLOAD = 16 * 1024 * 1024;

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const KINDS: readonly MediaKind[] = ['image', 'gif', 'video'];
const CONTENT_TYPE: Record<MediaKind, string> = { image: 'image/jpeg', gif: 'image/gif', video: 'video/mp4' };

/** An uploaded file of `kind` of exactly `size` bytes (its magic first, then zeros). */
function sizedFile(kind: MediaKind, size: number): WalkMedium {
  const head = kind === 'image' ? JPEG : kind === 'gif' ? GIF : mp4(5);
  return {
    upload: { contentType: CONTENT_TYPE[kind], bytes: Buffer.concat([head, Buffer.alloc(size - head.length)]) },
  };
}
const video = (ms: number): WalkMedium => ({ upload: { contentType: 'video/mp4', bytes: mp4(ms / 1000) } });

export interface Walk {
  cases: WalkCase[];
  /** Limits the document states that the walk could not try (too large to upload here). */
  skipped: string[];
}

export function walkDocument(document: NetworkCapabilitiesView, mediaUrl: (name: string) => string): Walk {
  const cases: WalkCase[] = [];
  const skipped: string[] = [];
  // The options every post needs (the schema's `required`: Pinterest's board), each its example.
  const schema = document.options.schema as JsonSchema;
  const required = Object.fromEntries(
    (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]),
  );
  for (const [name, placement] of Object.entries(document.placements)) {
    const picked = {
      ...required,
      ...(document.placementOption && name !== document.defaultPlacement ? { [document.placementOption]: name } : {}),
    };
    new PlacementWalk(document, name, placement, picked, mediaUrl, cases, skipped).walk();
  }
  return { cases, skipped };
}

class PlacementWalk {
  private fileNumber = 0;

  constructor(
    private readonly document: NetworkCapabilitiesView,
    private readonly name: string,
    private readonly placement: PlacementView,
    private readonly picked: Record<string, unknown>,
    private readonly mediaUrl: (name: string) => string,
    private readonly cases: WalkCase[],
    private readonly skipped: string[],
  ) {}

  /** The text of a post that is about something else: none where the placement takes no text (maxLength 0). */
  private get words(): string {
    return (this.placement.text ?? this.document.text).maxLength === 0 ? '' : 'Text';
  }

  private get kinds(): Array<[MediaKind, MediaKindCapabilitiesView]> {
    return KINDS.flatMap((kind) => {
      const limits = this.placement.media.kinds[kind];
      return limits ? [[kind, limits] as [MediaKind, MediaKindCapabilitiesView]] : [];
    });
  }

  /** A media URL of `kind` with `format`, each a new file name. */
  private url(kind: MediaKind, format = this.placement.media.kinds[kind]?.formats[0]): WalkMedium {
    this.fileNumber += 1;
    return { url: this.mediaUrl(`walk-${kind}-${this.fileNumber}.${format}`) };
  }

  /** The fewest media the placement needs, of its first kind. */
  private least(): WalkMedium[] {
    const [first] = this.kinds;
    return first ? Array.from({ length: this.placement.media.minItems }, () => this.url(first[0])) : [];
  }

  private add(
    name: string,
    containers: WalkContainer[],
    expect: WalkCase['expect'],
    options: Record<string, unknown> = {},
  ): void {
    this.cases.push({
      name: `${this.name}: ${name}`,
      containers,
      options: { ...this.picked, ...options },
      expect,
    });
  }

  /** A post of one container with `content` and `media` (the placement's least media when absent). */
  private post(
    name: string,
    expect: WalkCase['expect'],
    content: string,
    media?: WalkMedium[],
    options: Record<string, unknown> = {},
  ): void {
    this.add(name, [{ content, media: media ?? this.least() }], expect, options);
  }

  walk(): void {
    this.text();
    this.media();
    this.thread();
    this.options();
  }

  private text(): void {
    const { maxLength, maxHashtags, maxMentions } = this.placement.text ?? this.document.text;
    const words = (count: number, mark: string) =>
      Array.from({ length: count }, (_, index) => `${mark}w${index}`).join(' ');
    if (maxLength !== null) {
      // "a" counts 1 however the network counts (weighted, UTF-16, code points).
      this.post(`text of maxLength (${maxLength})`, 'valid', 'a'.repeat(maxLength));
      this.post(`text of maxLength + 1`, { field: 'containers[0].content' }, 'a'.repeat(maxLength + 1));
    }
    if (maxHashtags !== null) {
      this.post(`maxHashtags (${maxHashtags})`, 'valid', words(maxHashtags, '#'));
      this.post('maxHashtags + 1', { field: 'containers[0].content' }, words(maxHashtags + 1, '#'));
    }
    if (maxMentions !== null) {
      this.post(`maxMentions (${maxMentions})`, 'valid', words(maxMentions, '@'));
      this.post('maxMentions + 1', { field: 'containers[0].content' }, words(maxMentions + 1, '@'));
    }
  }

  private media(): void {
    const { minItems, maxItems } = this.placement.media;
    if (minItems > 0)
      this.post(`minItems - 1 media`, { field: 'containers[0].media' }, this.words, this.least().slice(1));
    for (const [kind, limits] of this.kinds) {
      for (const format of limits.formats)
        this.post(`a ${kind} in .${format}`, 'valid', this.words, [this.url(kind, format)]);
      const other = Object.entries(KIND_BY_EXTENSION).find(
        ([extension, of]) => of === kind && !limits.formats.includes(extension),
      );
      if (other)
        this.post(`a ${kind} in .${other[0]}`, { field: 'containers[0].media[0].url' }, this.words, [
          this.url(kind, other[0]),
        ]);
      const most = Math.min(limits.maxItems, maxItems);
      const many = (count: number) => Array.from({ length: count }, () => this.url(kind));
      if (most >= minItems) this.post(`${most} ${kind} media (the most)`, 'valid', this.words, many(most));
      this.post(`${most + 1} ${kind} media`, { field: 'containers[0].media' }, this.words, many(most + 1));
      const another = this.kinds.find(([candidate]) => candidate !== kind);
      if (limits.alone && another)
        this.post(`a ${kind} with a ${another[0]}`, { field: 'containers[0].media' }, this.words, [
          this.url(kind),
          this.url(another[0]),
        ]);
      this.uploads(kind, limits);
    }
    for (const kind of KINDS.filter((candidate) => !this.placement.media.kinds[candidate])) {
      const extension = Object.keys(KIND_BY_EXTENSION).find((candidate) => KIND_BY_EXTENSION[candidate] === kind)!;
      // Named at the medium (media_kind, or a network's media_format at its url for a kind it takes nowhere).
      this.post(`a ${kind}, a kind not listed`, { field: 'containers[0].media[0]' }, this.words, [
        this.url(kind, extension),
      ]);
    }
  }

  private uploads(kind: MediaKind, limits: MediaKindCapabilitiesView): void {
    const field = { field: 'containers[0].media[0].id' };
    if (limits.maxBytes !== null) {
      if (limits.maxBytes + 1 > LARGEST_TRIED_UPLOAD)
        this.skipped.push(`${this.name}: ${kind} maxBytes ${limits.maxBytes}`);
      else {
        this.post(`an uploaded ${kind} of maxBytes`, 'valid', this.words, [sizedFile(kind, limits.maxBytes)]);
        this.post(`an uploaded ${kind} of maxBytes + 1`, field, this.words, [sizedFile(kind, limits.maxBytes + 1)]);
      }
    }
    // 100 ms past a bound: the shortest step the service's messages tell apart (tenths of seconds).
    const ranges = (range: { minMs: number; maxMs: number }, label: string, others: WalkMedium[]) => {
      const at = (ms: number) => [video(ms), ...others];
      if (range.minMs > 0) {
        this.post(`${label} of minMs`, 'valid', this.words, at(range.minMs));
        this.post(`${label} of minMs - 100`, field, this.words, at(range.minMs - 100));
      }
      this.post(`${label} of maxMs`, 'valid', this.words, at(range.maxMs));
      this.post(`${label} of maxMs + 100`, field, this.words, at(range.maxMs + 100));
    };
    if (limits.duration) ranges(limits.duration, 'a video alone', []);
    const companion = this.kinds.find(([candidate, of]) => candidate !== kind && !of.alone) ?? [kind];
    if (limits.durationAmongOthers && !limits.alone && this.placement.media.maxItems > 1)
      ranges(limits.durationAmongOthers, 'a video among others', [this.url(companion[0])]);
  }

  private thread(): void {
    const first = { content: 'The post', media: this.least() };
    const thread = this.placement.thread === undefined ? this.document.thread : this.placement.thread;
    if (thread === null) {
      this.add('a thread of two, where the placement takes none', [first, { content: 'The next part' }], {
        field: 'containers[1]',
      });
      return;
    }
    const { partMedia, partTextRequired } = thread;
    this.add('a thread of two', [first, { content: 'The next part' }], 'valid');
    const [kind] = this.kinds[0] ?? [];
    if (kind)
      this.add(
        'a later part with media',
        [first, { content: 'The next part', media: [this.url(kind)] }],
        partMedia ? 'valid' : { field: 'containers[1].media' },
      );
    if (partTextRequired && kind && !partMedia)
      this.add('a later part without text', [first, { content: '' }], { field: 'containers[1]' });
  }

  /**
   * Every option of the network: one the placement does not take (not in its `options`) refused at
   * its path with its example value; one it takes walked by its schema, the placement's own
   * (`optionSchemas`) where it has one.
   */
  private options(): void {
    const schema = this.document.options.schema as JsonSchema;
    const at = `options.${this.document.id}`;
    this.post('an option the network does not have', { field: `${at}.notAnOptionZz` }, this.words, undefined, {
      notAnOptionZz: true,
    });
    // An option every post needs, left out (undefined: not sent).
    for (const name of schema.required ?? [])
      this.post(`without ${name}, which every post needs`, { field: `${at}.${name}` }, this.words, undefined, {
        [name]: undefined,
      });
    const own = (this.placement.optionSchemas ?? {}) as Record<string, JsonSchema>;
    for (const [name, networkProperty] of Object.entries(schema.properties ?? {})) {
      if (name === this.document.placementOption) continue;
      const property = own[name] ?? networkProperty;
      if (this.placement.options && !this.placement.options.includes(name)) {
        this.post(`${name}, an option the placement does not take`, { field: `${at}.${name}` }, this.words, undefined, {
          [name]: exampleOf(property),
        });
        continue;
      }
      for (const variant of variantsOf(property, name))
        this.post(
          `${variant.name}`,
          variant.valid ? 'valid' : { field: `${at}.${variant.path}` },
          this.words,
          undefined,
          {
            [name]: variant.value,
          },
        );
    }
  }
}

/** The JSON Schema a network's options publish, as far as the walk reads it. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/** A value the schema takes: its default, its first enum value or example, else the least that fits its bounds. */
export function exampleOf(schema: JsonSchema, index = 0): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[index % schema.enum.length];
  // Items of a list take the examples in turn (a list may want its items unique).
  if (schema.examples?.length) return schema.examples[index % schema.examples.length];
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, item) => exampleOf(schema.items ?? {}, item));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, exampleOf(schema.properties![key]!)]));
    default:
      // Strings: distinct per index (a list may want its items unique), within the bounds.
      return String.fromCharCode(97 + (index % 26)).repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

interface Variant {
  name: string;
  /** The option's whole value (the variant set in it at `path`). */
  value: unknown;
  valid: boolean;
  /** Where the problem is, under `options.<network>`. */
  path: string;
}

/** Values at each bound of `schema` and just past it, for the option at `path` (its name, then within it). */
export function variantsOf(schema: JsonSchema, path: string): Variant[] {
  const out: Variant[] = [];
  const variant = (what: string, value: unknown, valid: boolean, at = path) =>
    out.push({ name: `${path} ${what}`, value, valid, path: at });
  if (schema.enum) {
    for (const value of schema.enum) variant(`= ${JSON.stringify(value)}`, value, true);
    variant('= a value not in its enum', 'notAValueZz', false);
    return out;
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      if (schema.minimum !== undefined) {
        variant(`= minimum ${schema.minimum}`, schema.minimum, true);
        variant(`= minimum - 1`, schema.minimum - 1, false);
      }
      if (schema.maximum !== undefined) {
        variant(`= maximum ${schema.maximum}`, schema.maximum, true);
        variant(`= maximum + 1`, schema.maximum + 1, false);
      }
      if (schema.type === 'integer') variant('= a fraction', (schema.minimum ?? 0) + 0.5, false);
      break;
    case 'string':
      if (schema.pattern !== undefined) {
        const example = exampleOf(schema);
        variant(`= ${JSON.stringify(example)} (its example)`, example, true);
        const unlike = ['not matching Zz!', '', '0'.repeat(1000)].find(
          (text) => !new RegExp(schema.pattern!).test(text),
        );
        if (unlike !== undefined) variant('= a string its pattern refuses', unlike, false);
      }
      if (schema.maxLength !== undefined) {
        // At its length the string is valid when its pattern takes it too (letters, for a topic).
        const longest = 'a'.repeat(schema.maxLength);
        variant(
          `of maxLength ${schema.maxLength}`,
          longest,
          schema.pattern === undefined || new RegExp(schema.pattern).test(longest),
        );
        variant('of maxLength + 1', 'a'.repeat(schema.maxLength + 1), false);
      }
      if (schema.minLength !== undefined && schema.minLength > 0)
        variant('of minLength - 1', 'a'.repeat(schema.minLength - 1), false);
      variant('= a number', 12, false);
      break;
    case 'array': {
      const items = (count: number) =>
        Array.from({ length: count }, (_, index) => exampleOf(schema.items ?? {}, index));
      if (schema.minItems !== undefined) {
        variant(`of minItems ${schema.minItems}`, items(schema.minItems), true);
        if (schema.minItems > 0) variant('of minItems - 1', items(schema.minItems - 1), false);
      }
      if (schema.maxItems !== undefined) {
        variant(`of maxItems ${schema.maxItems}`, items(schema.maxItems), true);
        variant('of maxItems + 1', items(schema.maxItems + 1), false);
      }
      if (schema.items) {
        const base = items(Math.max(schema.minItems ?? 1, 1));
        for (const inner of variantsOf(schema.items, `${path}[0]`))
          out.push({ ...inner, value: [inner.value, ...base.slice(1)] });
      }
      break;
    }
    case 'object': {
      const base = exampleOf(schema) as Record<string, unknown>;
      variant('as its example', base, true);
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        for (const inner of variantsOf(property, `${path}.${key}`))
          out.push({ ...inner, value: { ...base, [key]: inner.value } });
      for (const key of schema.required ?? []) {
        const without = { ...base };
        delete without[key];
        variant(`without ${key}`, without, false, `${path}.${key}`);
      }
      if (schema.additionalProperties === false)
        variant('with a field it does not have', { ...base, notAFieldZz: 1 }, false, `${path}.notAFieldZz`);
      break;
    }
  }
  return out;
}

/** Whether a problem at `field` is the one a case past a limit at `expected` looks for. */
export function namesPath(field: string, expected: string): boolean {
  const within = (path: string) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`);
  return within(expected) || (/\[\d+\]$/.test(expected) && field === expected.replace(/\[\d+\]$/, ''));
}
