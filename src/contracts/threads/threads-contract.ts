// Checks a Threads API request against Meta's published description: the operation and its parameter
// names from the official Postman collection (contracts/threads/postman.json), the `fields` and
// `metric` values from the collection's variables, and a container's rules from the reference pages
// (contracts/threads/publishing-rules.json). The adapter's tests run every request they record
// through it, and the emulator refuses what it reports, so both are held to the same contract.
import { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import type { ThreadsContractFile, ThreadsOperation } from '../extract/threads-subset';
import { isJsonObject, JsonValue } from '../json';
import { threadsLinkCount, ThreadsPublishingRules, threadsPublishingRules, threadsTextLength } from './threads-rules';

export interface ThreadsRequest {
  method: string;
  /** Below the host: `/me/threads`, `/v1.0/123/threads`, `/17890/insights`. */
  path: string;
  /** Query and form parameters together, as Threads reads them. */
  params: Record<string, string>;
}

/** A problem found in a request; `code` is the error Threads answers it with, where a page names one. */
export interface ThreadsViolation extends ContractViolation {
  code?: string;
}

/** Parameters every call takes besides those the collection lists. */
const UNIVERSAL = new Set(['access_token']);

export class ThreadsContract {
  private static cached: ThreadsContract | undefined;

  constructor(
    readonly collection: ThreadsContractFile,
    readonly rules: ThreadsPublishingRules,
  ) {}

  static load(): ThreadsContract {
    return (ThreadsContract.cached ??= new ThreadsContract(
      readContractJson<ThreadsContractFile>('threads/postman.json'),
      threadsPublishingRules(),
    ));
  }

  /** The collection's operations a request is (a one-segment GET is both a container and a post). */
  operationsOf(method: string, path: string): ThreadsOperation[] {
    const segments = path
      .replace(/^\/v\d+(\.\d+)?(?=\/|$)/, '')
      .split('/')
      .filter(Boolean);
    return this.collection.operations.filter((operation) => {
      if (operation.method !== method.toUpperCase()) return false;
      const template = operation.path.split('/').filter(Boolean);
      if (template.length !== segments.length) return false;
      return template.every((part, index) => {
        const given = segments[index]!;
        if (part.startsWith('{')) return given !== 'me';
        // `me` stands for the token's user; its numeric id is the same node.
        if (part === 'me') return given === 'me' || /^[0-9]+$/.test(given);
        return part === given;
      });
    });
  }

  /** Every way the request departs from the contract: [] when it conforms. */
  checkRequest(request: ThreadsRequest): ThreadsViolation[] {
    const operations = this.operationsOf(request.method, request.path);
    const name = `${request.method.toUpperCase()} ${operations[0]?.path ?? request.path}`;
    const violation = (message: string, code?: string): ThreadsViolation => ({
      network: 'threads',
      operation: name,
      kind: 'request',
      message,
      ...(code ? { code } : {}),
    });
    if (operations.length === 0) return [violation('is not an operation of the Threads API collection')];
    const known = new Set(operations.flatMap((operation) => operation.query.map((param) => param.key)));
    for (const operation of operations)
      for (const extra of this.rules.extraParams.operations[`${operation.method} ${operation.path}`]?.params ?? [])
        known.add(extra);
    const problems: ThreadsViolation[] = [];
    for (const [key, value] of Object.entries(request.params)) {
      if (UNIVERSAL.has(key)) continue;
      if (!known.has(key)) {
        problems.push(violation(`"${key}" is not a parameter of this operation`));
        continue;
      }
      const allowed = this.listedValues(operations, key);
      if (allowed) {
        const unknown = splitList(value).filter((item) => !allowed.has(item));
        if (unknown.length)
          problems.push(violation(`"${key}" names ${unknown.join(', ')}, which the collection does not list`));
      }
    }
    if (request.params.before !== undefined && request.params.after !== undefined)
      problems.push(violation('"before" and "after" cannot be sent in the same request'));
    if (operations[0]!.path === '/me/threads' && request.method.toUpperCase() === 'POST')
      problems.push(
        ...this.containerProblems(request.params).map((problem) => violation(problem.message, problem.code)),
      );
    return problems;
  }

  /** The values a list parameter may name, from the collection variable its example uses (`{{fields_threads}}`). */
  private listedValues(operations: ThreadsOperation[], key: string): Set<string> | undefined {
    const values = new Set<string>();
    for (const operation of operations) {
      const example = operation.query.find((param) => param.key === key)?.value ?? '';
      const variable = /^\{\{(\w+)\}\}$/.exec(example)?.[1];
      const listed = variable ? this.collection.variables[variable] : undefined;
      if (listed === undefined) return undefined;
      for (const item of splitList(listed)) values.add(item);
    }
    return values;
  }

  /** The reference pages' rules for `POST /{threads-user-id}/threads`, each with the error Threads gives where known. */
  containerProblems(params: Record<string, string>): { message: string; code?: string }[] {
    const { rules } = this;
    const problems: { message: string; code?: string }[] = [];
    const add = (message: string, code?: string) => problems.push({ message, ...(code ? { code } : {}) });
    const mediaType = params.media_type;
    const item = params.is_carousel_item === 'true';
    if (mediaType === undefined) return [{ message: '"media_type" is required' }];
    const types = item ? rules.mediaType.carouselItemValues : rules.mediaType.values;
    if (!types.includes(mediaType))
      return [
        { message: `"media_type" ${mediaType} is not one of ${types.join(', ')}${item ? ' on a carousel item' : ''}` },
      ];
    const { oneOf } = rules.media[mediaType]!;
    for (const medium of ['image_url', 'video_url'])
      if (params[medium] !== undefined && !oneOf.includes(medium))
        add(`"${medium}" is not taken by ${mediaType} containers`);
    for (const medium of oneOf)
      if (params[medium] === undefined) add(`"${medium}" is required on ${mediaType} containers`);
    const text = params.text ?? '';
    if (
      rules.text.requiredOn.includes(mediaType) &&
      !text &&
      !rules.text.unlessOneOf.some((name) => params[name] !== undefined)
    )
      add(`"text" is required on ${mediaType} containers without a link, text or poll attachment`);
    const length = threadsTextLength(text);
    if (length > rules.text.maxLength)
      add(`Param text must be at most ${rules.text.maxLength} characters long (${length} counted)`);
    const attached = [params.link_attachment, textAttachmentLink(params.text_attachment)].filter(
      (url): url is string => url !== undefined,
    );
    if (threadsLinkCount(text, attached) > rules.links.max)
      add(`A post holds at most ${rules.links.max} links`, rules.links.errorCode);
    if (mediaType === 'CAROUSEL') {
      const children = splitList(params.children ?? '');
      if (children.length < rules.children.min || children.length > rules.children.max)
        add(
          `"children" must list ${rules.children.min} to ${rules.children.max} item containers (${children.length} given)`,
        );
    } else if (params.children !== undefined) add('"children" is taken by CAROUSEL containers only');
    for (const [name, rule] of Object.entries(rules.params)) {
      const value = params[name];
      if (value === undefined) continue;
      if (item && !rules.carouselItems.params.includes(name)) {
        add(`"${name}" is not taken by carousel items (it goes on the CAROUSEL container)`);
        continue;
      }
      if (!rule.kinds.includes(mediaType)) {
        add(`"${name}" is taken by ${rule.kinds.join(', ')} containers only`);
        continue;
      }
      problems.push(...paramProblems(name, value, rule, params).map((message) => ({ message })));
    }
    return problems;
  }
}

function paramProblems(
  name: string,
  value: string,
  rule: ThreadsPublishingRules['params'][string],
  params: Record<string, string>,
): string[] {
  const messages: string[] = [];
  if (rule.values && !rule.values.includes(value))
    messages.push(`"${name}" ${value} is not one of ${rule.values.join(', ')}`);
  const length = [...value].length;
  if (rule.minLength !== undefined && length < rule.minLength)
    messages.push(`"${name}" must be at least ${rule.minLength} characters long`);
  if (rule.maxLength !== undefined && length > rule.maxLength)
    messages.push(`"${name}" must be at most ${rule.maxLength} characters long`);
  const forbidden = (rule.forbidden ?? []).filter((character) => value.includes(character));
  if (forbidden.length) messages.push(`"${name}" may not hold ${forbidden.join(' or ')}`);
  if (rule.url && !/^https?:\/\/\S+$/i.test(value)) messages.push(`"${name}" must be an http(s) URL`);
  for (const other of rule.exclusiveWith ?? [])
    if (params[other] !== undefined) messages.push(`"${name}" cannot be sent with "${other}"`);
  if (rule.poll) messages.push(...pollProblems(name, value, rule.poll));
  return messages;
}

function pollProblems(
  name: string,
  value: string,
  poll: NonNullable<ThreadsPublishingRules['params'][string]['poll']>,
): string[] {
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(value) as JsonValue;
  } catch {
    return [`"${name}" is not a JSON object`];
  }
  if (!isJsonObject(parsed)) return [`"${name}" is not a JSON object`];
  const messages = Object.keys(parsed)
    .filter((key) => !poll.keys.includes(key))
    .map((key) => `${name}.${key} is not one of ${poll.keys.join(', ')}`);
  for (const key of poll.required) if (parsed[key] === undefined) messages.push(`${name}.${key} is required`);
  for (const key of poll.keys) {
    const option = parsed[key];
    if (option === undefined) continue;
    if (typeof option !== 'string' || [...option].length < 1 || [...option].length > poll.maxLength)
      messages.push(`${name}.${key} must be 1 to ${poll.maxLength} characters`);
  }
  // Options are filled in order: option_c before option_d.
  const given = poll.keys.map((key) => parsed[key] !== undefined);
  if (given.some((isGiven, index) => isGiven && index > 0 && !given[index - 1]))
    messages.push(`${name}: options are filled in order (${poll.keys.join(', ')})`);
  return messages;
}

function textAttachmentLink(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as JsonValue;
    const link = isJsonObject(parsed) ? parsed.link_attachment_url : undefined;
    return typeof link === 'string' ? link : undefined;
  } catch {
    return undefined;
  }
}

/** A comma-separated list, nested field selections (`poll_attachment{…}`) reduced to their name. */
function splitList(value: string): string[] {
  return value
    .replace(/\{[^{}]*\}/g, '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
