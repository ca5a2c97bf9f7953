// Checks a YouTube Data API request against Google's discovery document (contracts/youtube/
// discovery.json) and the rules its reference pages add (api-rules.json): the method the path is,
// its query parameters (known, required ones present, enums and integers as declared), the body
// against the method's request schema (no unknown field), the `part` naming what the body sets, and a
// video's metadata limits. The adapter's tests run every request they record through it and the
// emulator refuses what it reports, each problem with the reason YouTube answers.
import { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import { isJsonObject, JsonObject } from '../json';
import { YouTubeApiRules, youTubeApiRules, youTubeTagsLength } from './youtube-rules';
import { YouTubeSchemas } from './youtube-schemas';

export interface YouTubeRequest {
  method: string;
  /** Below the host: `/youtube/v3/videos`, `/upload/youtube/v3/videos`. */
  path: string;
  query: Record<string, string>;
  /** The JSON body (a resumable upload's first request, comments.insert), if any. */
  body?: unknown;
}

export interface YouTubeViolation extends ContractViolation {
  /** What YouTube answers with: the HTTP status and the error's `reason`. */
  status: number;
  reason: string;
}

interface DiscoveryParameter {
  type: string;
  location: string;
  required?: boolean;
  repeated?: boolean;
  enum?: string[];
  minimum?: string;
  maximum?: string;
}

interface DiscoveryMethod {
  id: string;
  httpMethod: string;
  path: string;
  flatPath?: string;
  parameters?: Record<string, DiscoveryParameter>;
  request?: { $ref: string };
  mediaUpload?: { maxSize?: string; accept?: string[]; protocols: Record<string, { path: string }> };
  scopes?: string[];
}

export interface YouTubeDiscovery {
  'x-contract-source': { repository: string; path: string; commit: string; commitDate: string; retrieved: string };
  revision: string;
  parameters: Record<string, DiscoveryParameter>;
  resources: Record<string, { methods: Record<string, DiscoveryMethod> }>;
  schemas: JsonObject;
}

export class YouTubeContract {
  private static cached: YouTubeContract | undefined;
  readonly schemas: YouTubeSchemas;

  constructor(
    readonly discovery: YouTubeDiscovery,
    readonly rules: YouTubeApiRules,
  ) {
    this.schemas = new YouTubeSchemas(discovery.schemas);
  }

  static load(): YouTubeContract {
    return (YouTubeContract.cached ??= new YouTubeContract(
      readContractJson<YouTubeDiscovery>('youtube/discovery.json'),
      youTubeApiRules(),
    ));
  }

  /** Every method the document holds, by id (`youtube.videos.insert`). */
  methods(): DiscoveryMethod[] {
    return Object.values(this.discovery.resources).flatMap((resource) => Object.values(resource.methods));
  }

  /** A method by its id, with or without the `youtube.` prefix (`videos.insert`). */
  methodById(id: string): DiscoveryMethod | undefined {
    const full = id.startsWith('youtube.') ? id : `youtube.${id}`;
    return this.methods().find((method) => method.id === full);
  }

  /** The method an HTTP request is: by its path, or an upload path of the method (`/upload/youtube/v3/videos`). */
  methodOf(httpMethod: string, path: string): DiscoveryMethod | undefined {
    const clean = path.replace(/\/+$/, '');
    return this.methods().find((method) => {
      if (method.httpMethod !== httpMethod.toUpperCase()) return false;
      const paths = [
        `/${method.flatPath ?? method.path}`,
        ...Object.values(method.mediaUpload?.protocols ?? {}).map((p) => p.path),
      ];
      // Google serves the resumable protocol on the simple path too, with uploadType=resumable.
      return paths.some((candidate) => candidate === clean);
    });
  }

  /** The quota cost of a method (`videos.insert`) in units; 1 for a method the table does not list. */
  cost(method: string): number {
    return this.rules.quota.costs[method.replace(/^youtube\./, '')] ?? 1;
  }

  checkRequest(request: YouTubeRequest): YouTubeViolation[] {
    const method = this.methodOf(request.method, request.path);
    const operation = method ? method.id.replace(/^youtube\./, '') : `${request.method.toUpperCase()} ${request.path}`;
    const violation = (message: string, reason: string, status = 400): YouTubeViolation => ({
      network: 'youtube',
      operation,
      kind: 'request',
      message,
      status,
      reason,
    });
    if (!method) return [violation('is not a method of the YouTube Data API v3 discovery document', 'notFound', 404)];
    const problems: YouTubeViolation[] = [];
    const parameters = method.parameters ?? {};
    for (const [name, value] of Object.entries(request.query)) {
      const declared = parameters[name] ?? this.discovery.parameters[name];
      if (!declared) {
        problems.push(violation(`"${name}" is not a parameter of ${operation}`, 'unexpectedParameter'));
        continue;
      }
      problems.push(
        ...parameterProblems(name, value, declared).map((message) => violation(message, 'invalidParameter')),
      );
    }
    for (const [name, declared] of Object.entries(parameters))
      if (declared.required && request.query[name] === undefined)
        problems.push(violation(`the required parameter "${name}" is missing`, 'missingRequiredParameter'));
    if (method.request && request.body !== undefined) problems.push(...this.bodyProblems(method, request, violation));
    if (method.request && request.body === undefined && !method.mediaUpload)
      problems.push(violation(`${operation} takes a ${method.request.$ref} body`, 'parseError'));
    return problems;
  }

  private bodyProblems(
    method: DiscoveryMethod,
    request: YouTubeRequest,
    violation: (message: string, reason: string, status?: number) => YouTubeViolation,
  ): YouTubeViolation[] {
    const schema = method.request!.$ref;
    const errors = this.schemas.validate(schema, request.body);
    if (errors.length)
      return errors.map((error) =>
        violation(
          `${schema}${error.instancePath.replace(/\//g, '.')}: ${error.message ?? 'invalid'}${
            error.keyword === 'additionalProperties'
              ? ` (${String((error.params as { additionalProperty: string }).additionalProperty)})`
              : ''
          }`,
          'invalidRequest',
        ),
      );
    const body = request.body as JsonObject;
    const parts = (request.query.part ?? '').split(',').map((part) => part.trim());
    const problems: YouTubeViolation[] = [];
    for (const [key, value] of Object.entries(body))
      if (isJsonObject(value) && !parts.includes(key))
        problems.push(violation(`"${key}" is set but "part" does not name it`, 'unexpectedPart'));
    if (schema === 'Video')
      problems.push(...this.videoProblems(body).map(([message, reason]) => violation(message, reason)));
    if (schema === 'CommentThread') {
      const snippet = isJsonObject(body.snippet) ? body.snippet : {};
      const top =
        isJsonObject(snippet.topLevelComment) && isJsonObject(snippet.topLevelComment.snippet)
          ? snippet.topLevelComment.snippet
          : {};
      if (typeof snippet.videoId !== 'string')
        problems.push(violation('snippet.videoId is required', 'invalidCommentMetadata'));
      const text = typeof top.textOriginal === 'string' ? top.textOriginal : '';
      if (!text)
        problems.push(violation('snippet.topLevelComment.snippet.textOriginal is required', 'commentTextRequired'));
      if ([...text].length > this.rules.comments.textOriginal.maxLength)
        problems.push(
          violation(`the comment is longer than ${this.rules.comments.textOriginal.maxLength}`, 'commentTextTooLong'),
        );
    }
    if (schema === 'Comment') {
      const snippet = isJsonObject(body.snippet) ? body.snippet : {};
      if (typeof snippet.parentId !== 'string')
        problems.push(violation('snippet.parentId is required', 'parentIdMissing'));
      const text = typeof snippet.textOriginal === 'string' ? snippet.textOriginal : '';
      if (!text) problems.push(violation('snippet.textOriginal is required', 'commentTextRequired'));
      if ([...text].length > this.rules.comments.textOriginal.maxLength)
        problems.push(
          violation(
            `snippet.textOriginal is longer than ${this.rules.comments.textOriginal.maxLength}`,
            'commentTextTooLong',
          ),
        );
    }
    return problems;
  }

  /** A video's metadata against the limits of the videos reference page: [message, reason] pairs. */
  videoProblems(body: JsonObject): [string, string][] {
    const rules = this.rules.videoResource;
    const snippet = isJsonObject(body.snippet) ? body.snippet : undefined;
    const problems: [string, string][] = [];
    if (!snippet) return [['snippet is required on videos.insert (its title)', rules['snippet.title'].errors.missing!]];
    const title = typeof snippet.title === 'string' ? snippet.title : '';
    const titleRule = rules['snippet.title'];
    if (!title.trim()) problems.push(['snippet.title is required', titleRule.errors.missing!]);
    else if ([...title].length > titleRule.maxLength || titleRule.forbidden.some((c) => title.includes(c)))
      problems.push([
        `snippet.title must be at most ${titleRule.maxLength} characters, without < or >`,
        titleRule.errors.invalid,
      ]);
    const description = typeof snippet.description === 'string' ? snippet.description : '';
    const descriptionRule = rules['snippet.description'];
    if (
      Buffer.byteLength(description, 'utf8') > descriptionRule.maxLength ||
      descriptionRule.forbidden.some((c) => description.includes(c))
    )
      problems.push([
        `snippet.description must be at most ${descriptionRule.maxLength} bytes, without < or >`,
        descriptionRule.errors.invalid,
      ]);
    const tags = Array.isArray(snippet.tags)
      ? snippet.tags.filter((tag): tag is string => typeof tag === 'string')
      : [];
    if (youTubeTagsLength(tags) > rules['snippet.tags'].maxTotalLength)
      problems.push([
        `snippet.tags must total at most ${rules['snippet.tags'].maxTotalLength} characters`,
        rules['snippet.tags'].errors.invalid,
      ]);
    const category = snippet.categoryId;
    if (
      category !== undefined &&
      (typeof category !== 'string' || !new RegExp(rules['snippet.categoryId'].pattern).test(category))
    )
      problems.push(['snippet.categoryId is not a video category id', rules['snippet.categoryId'].errors.invalid]);
    return problems;
  }
}

function parameterProblems(name: string, value: string, declared: DiscoveryParameter): string[] {
  const values = declared.repeated ? value.split(',') : [value];
  const problems: string[] = [];
  for (const item of values) {
    if (declared.enum && !declared.enum.includes(item))
      problems.push(`"${name}" ${item} is not one of ${declared.enum.join(', ')}`);
    if (declared.type === 'boolean' && item !== 'true' && item !== 'false')
      problems.push(`"${name}" must be true or false`);
    if (declared.type === 'integer') {
      const number = Number(item);
      if (!Number.isInteger(number)) problems.push(`"${name}" must be an integer`);
      else if (
        (declared.minimum && number < Number(declared.minimum)) ||
        (declared.maximum && number > Number(declared.maximum))
      )
        problems.push(`"${name}" must be between ${declared.minimum ?? '-'} and ${declared.maximum ?? '-'}`);
    }
  }
  return problems;
}
