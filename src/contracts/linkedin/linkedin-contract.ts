// Checks a LinkedIn API request against the contract written from LinkedIn's reference pages
// (contracts/linkedin/api-rules.json): the two headers every versioned call carries and an active
// version, the Posts API's body (fields, enums, content kinds, a poll's bounds), the upload and
// comment bodies, and the token endpoint's form. The adapter's tests run every request they record
// through it, and the emulator logs what it reports, so both are held to the same contract.
import { ContractViolation } from '../contract-violation';
import { isJsonObject, JsonObject } from '../json';
import { LinkedInApiRules, linkedInApiRules, linkedInVersionActive } from './linkedin-rules';

export interface LinkedInRequest {
  method: string;
  /** Below the host: `/rest/posts`, `/v2/userinfo`, `/oauth/v2/accessToken`. */
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
  /** The JSON body, or the form's fields. */
  body: unknown;
  /** The day the request is made, for the version's sunset. */
  now: Date;
}

export interface LinkedInViolation extends ContractViolation {
  /** What LinkedIn answers it with, where its pages (or integrators) say. */
  status?: number;
  code?: string;
}

export class LinkedInContract {
  private static cached: LinkedInContract | undefined;

  constructor(readonly rules: LinkedInApiRules) {}

  static load(): LinkedInContract {
    return (LinkedInContract.cached ??= new LinkedInContract(linkedInApiRules()));
  }

  checkRequest(request: LinkedInRequest): LinkedInViolation[] {
    const operation = `${request.method.toUpperCase()} ${operationPath(request.path)}`;
    const violation = (message: string, status = 400, code?: string): LinkedInViolation => ({
      network: 'linkedin',
      operation,
      kind: 'request',
      message,
      status,
      ...(code ? { code } : {}),
    });
    const problems: LinkedInViolation[] = [];
    if (request.path.startsWith(this.rules.headers.versionedBase)) {
      problems.push(...this.headerProblems(request, violation));
      if (problems.length) return problems;
    }
    const body = isJsonObject(request.body) ? request.body : undefined;
    if (operation === 'POST /rest/posts') problems.push(...this.postProblems(body).map((m) => violation(m, 422)));
    else if (operation === 'POST /rest/posts/{urn}')
      problems.push(...this.updateProblems(request, body).map((m) => violation(m, 422)));
    else if (operation === 'POST /rest/socialActions/{urn}/comments')
      problems.push(...this.commentProblems(body).map((m) => violation(m, 422)));
    else if (/^POST \/rest\/(images|videos|documents)$/.test(operation))
      problems.push(...this.uploadProblems(request, body).map((m) => violation(m, 422)));
    else if (operation === 'POST /oauth/v2/accessToken')
      problems.push(...this.tokenProblems(body).map((m) => violation(m)));
    else if (operation === 'GET /rest/networkSizes/{urn}' || operation === 'GET /rest/memberFollowersCount')
      problems.push(...this.followerQueryProblems(request).map((m) => violation(m)));
    return problems;
  }

  /**
   * A post's partial update (`posts.update`): the `X-RestLi-Method: PARTIAL_UPDATE` header and a
   * body `{"patch":{"$set":{…}}}` naming only fields an organic post may change.
   */
  updateProblems(request: LinkedInRequest, body: JsonObject | undefined): string[] {
    const update = this.rules.posts.update;
    const problems: string[] = [];
    if (request.headers[update.methodHeader.name.toLowerCase()] !== update.methodHeader.value)
      problems.push(`${update.methodHeader.name} must be ${update.methodHeader.value}`);
    const patch = body && isJsonObject(body.patch) ? body.patch : undefined;
    if (!body || !patch || Object.keys(body).length !== 1) return [...problems, 'the body must be {"patch": {…}}'];
    const set = isJsonObject(patch.$set) ? patch.$set : undefined;
    if (!set || Object.keys(patch).length !== 1) return [...problems, 'the patch must be {"$set": {…}}'];
    for (const field of Object.keys(set))
      if (!update.organicUpdatable.includes(field)) problems.push(`${field} cannot be updated on an organic post`);
    if (set.commentary !== undefined && typeof set.commentary !== 'string')
      problems.push('commentary must be a string');
    return problems;
  }

  private headerProblems(
    request: LinkedInRequest,
    violation: (message: string, status?: number, code?: string) => LinkedInViolation,
  ): LinkedInViolation[] {
    const { version: versionHeader, restli } = this.rules.headers;
    const version = request.headers[versionHeader.name.toLowerCase()];
    const { missing, inactive } = this.rules.versions;
    if (!version) return [violation(`${versionHeader.name} is missing`, missing.status, missing.code)];
    if (!new RegExp(versionHeader.format).test(version) || !linkedInVersionActive(version, request.now))
      return [violation(`${versionHeader.name} ${version} is not active`, inactive.status, inactive.code)];
    if (request.headers[restli.name.toLowerCase()] !== restli.value)
      return [violation(`${restli.name} must be ${restli.value}`)];
    return [];
  }

  /** What a post's body departs from (Posts API schema); an empty list: none. */
  postProblems(body: JsonObject | undefined): string[] {
    const posts = this.rules.posts;
    if (!body) return ['the body must be a JSON object'];
    const problems: string[] = [];
    for (const field of posts.required) if (body[field] === undefined) problems.push(`${field} is required`);
    for (const field of Object.keys(body))
      if (!posts.known.includes(field)) problems.push(`${field} is not a field of a post`);
    if (typeof body.author === 'string' && !new RegExp(posts.authorPattern).test(body.author))
      problems.push('author must be a person or organization URN');
    if (body.commentary !== undefined && typeof body.commentary !== 'string')
      problems.push('commentary must be a string');
    const enumOf = (field: string, values: string[], value: unknown) => {
      if (value !== undefined && (typeof value !== 'string' || !values.includes(value)))
        problems.push(`${field} must be one of ${values.join(', ')}`);
    };
    enumOf('visibility', posts.visibility.values, body.visibility);
    enumOf('lifecycleState', posts.lifecycleState.values, body.lifecycleState);
    if (
      typeof body.author === 'string' &&
      body.author.startsWith('urn:li:organization:') &&
      typeof body.visibility === 'string' &&
      posts.visibility.memberOnly.includes(body.visibility)
    )
      problems.push(`visibility ${body.visibility} is for a member's post only`);
    if (body.distribution !== undefined) {
      if (!isJsonObject(body.distribution)) problems.push('distribution must be an object');
      else enumOf('distribution.feedDistribution', posts.feedDistribution.values, body.distribution.feedDistribution);
    }
    if (body.isReshareDisabledByAuthor !== undefined && typeof body.isReshareDisabledByAuthor !== 'boolean')
      problems.push('isReshareDisabledByAuthor must be a boolean');
    if (body.content !== undefined) problems.push(...this.contentProblems(body.content));
    return problems;
  }

  private contentProblems(content: unknown): string[] {
    const rules = this.rules.posts.content;
    if (!isJsonObject(content)) return ['content must be an object'];
    const kinds = Object.keys(content);
    if (kinds.length !== 1) return ['content must hold exactly one of ' + rules.kinds.join(', ')];
    const kind = kinds[0]!;
    if (!rules.organicKinds.includes(kind)) return [`content.${kind} is not taken by an organic post`];
    const value = content[kind];
    if (!isJsonObject(value)) return [`content.${kind} must be an object`];
    const urn = new RegExp(rules.mediaUrnPattern);
    const problems: string[] = [];
    if (kind === 'media') {
      if (typeof value.id !== 'string' || !urn.test(value.id))
        problems.push('content.media.id must be an image, video or document URN');
      else if (
        value.id.startsWith('urn:li:document:') &&
        rules.documentTitleRequired &&
        typeof value.title !== 'string'
      )
        problems.push('content.media.title is required for a document');
    } else if (kind === 'multiImage') {
      const images = Array.isArray(value.images) ? value.images : [];
      if (images.length < rules.multiImage.min || images.length > rules.multiImage.max)
        problems.push(`content.multiImage.images must hold ${rules.multiImage.min} to ${rules.multiImage.max} images`);
      images.forEach((image, index) => {
        if (!isJsonObject(image) || typeof image.id !== 'string' || !image.id.startsWith('urn:li:image:'))
          problems.push(`content.multiImage.images[${index}].id must be an image URN`);
      });
    } else if (kind === 'article') {
      for (const field of rules.article.required)
        if (typeof value[field] !== 'string') problems.push(`content.article.${field} is required`);
      for (const field of Object.keys(value))
        if (!rules.article.known.includes(field))
          problems.push(`content.article.${field} is not a field of an article`);
    } else if (kind === 'poll') {
      const { poll } = rules;
      if (typeof value.question !== 'string' || [...value.question].length > poll.questionMaxLength)
        problems.push(`content.poll.question must be a string of at most ${poll.questionMaxLength} characters`);
      const options = Array.isArray(value.options) ? value.options : [];
      if (options.length < poll.minOptions || options.length > poll.maxOptions)
        problems.push(`content.poll.options must hold ${poll.minOptions} to ${poll.maxOptions} options`);
      options.forEach((option, index) => {
        if (!isJsonObject(option) || typeof option.text !== 'string' || [...option.text].length > poll.optionMaxLength)
          problems.push(`content.poll.options[${index}].text must be at most ${poll.optionMaxLength} characters`);
      });
      const duration = isJsonObject(value.settings) ? value.settings.duration : undefined;
      if (typeof duration !== 'string' || !poll.durations.includes(duration))
        problems.push(`content.poll.settings.duration must be one of ${poll.durations.join(', ')}`);
    }
    return problems;
  }

  /** What a comment's body departs from (Comments API); an empty list: none. */
  commentProblems(body: JsonObject | undefined): string[] {
    const rules = this.rules.comments;
    if (!body) return ['the body must be a JSON object'];
    const problems: string[] = [];
    for (const field of rules.required) if (body[field] === undefined) problems.push(`${field} is required`);
    for (const field of Object.keys(body))
      if (!rules.known.includes(field)) problems.push(`${field} is not a field of a comment`);
    if (body.message !== undefined && (!isJsonObject(body.message) || typeof body.message.text !== 'string'))
      problems.push('message.text is required');
    return problems;
  }

  private uploadProblems(request: LinkedInRequest, body: JsonObject | undefined): string[] {
    const action = request.query.action;
    const kind = request.path.split('/')[2] as 'images' | 'videos' | 'documents';
    const allowed = kind === 'videos' ? ['initializeUpload', 'finalizeUpload'] : ['initializeUpload'];
    if (!action || !allowed.includes(action)) return [`action must be one of ${allowed.join(', ')}`];
    const rule = this.rules.media[kind] as {
      request?: Record<string, string[]>;
      finalizeRequest?: Record<string, string[]>;
    };
    const shape = action === 'finalizeUpload' ? rule.finalizeRequest! : rule.request!;
    const [wrapper, fields] = Object.entries(shape)[0]!;
    const inner = body?.[wrapper];
    if (!isJsonObject(inner)) return [`${wrapper} is required`];
    return Object.keys(inner)
      .filter((field) => !fields.includes(field))
      .map((field) => `${wrapper}.${field} is not a field of ${action}`)
      .concat(typeof inner.owner === 'string' || action === 'finalizeUpload' ? [] : [`${wrapper}.owner is required`]);
  }

  /** A follower count's query: networkSizes of an organization URN with its edgeType; memberFollowersCount with q=me. */
  followerQueryProblems(request: LinkedInRequest): string[] {
    const { organizationFollowers, memberFollowers } = this.rules.statistics;
    if (request.path === memberFollowers.path)
      return memberFollowers.query
        .filter((pair) => `q=${request.query.q}` !== pair)
        .map((pair) => `${pair} is required (the lifetime finder)`);
    const problems: string[] = [];
    const urn = decodeURIComponent(request.path.split('/')[3] ?? '');
    if (!/^urn:li:organization:[0-9]+$/.test(urn)) problems.push('networkSizes takes an organization URN');
    if (request.query.edgeType !== organizationFollowers.edgeType)
      problems.push(`edgeType must be ${organizationFollowers.edgeType}`);
    return problems;
  }

  private tokenProblems(body: JsonObject | undefined): string[] {
    const token = this.rules.oauth.token;
    const grant = body?.grant_type;
    const params =
      grant === 'refresh_token' ? token.refreshParams : grant === 'authorization_code' ? token.codeParams : undefined;
    if (!params) return ['grant_type must be authorization_code or refresh_token'];
    return params
      .filter((name) => typeof body?.[name] !== 'string' || body[name] === '')
      .map((name) => `${name} is required`);
  }
}

/** `/rest/posts/urn%3Ali%3Ashare%3A1` → `/rest/posts/{urn}`: an operation names its template. */
export function operationPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^(urn(%3A|:)|\d+$)/i.test(segment) ? '{urn}' : segment))
    .join('/');
}
