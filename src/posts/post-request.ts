import { plainToInstance } from 'class-transformer';
import type { FieldError } from '../common/errors/api-exception';
import { CreatePostBody } from './dto/create-post.body';
import type { PatchPostBody } from './dto/patch-post.body';

/**
 * A post's request as kept with it (posts.request): the body of POST /posts as JSON, with each
 * PATCH merged in. It is what a draft is checked against again when published, and what a patch
 * is checked as (the whole post it makes, exactly as a new one).
 */
export type PostRequest = { [field: string]: unknown } & { tenant_id: string; accounts: string[]; draft?: boolean };

/** The fields PATCH /posts/:id may change; tenant_id and draft are the post's own. */
export const PATCHABLE_FIELDS = ['containers', 'options', 'accountOverrides', 'accounts', 'scheduledAt'] as const;

/** The body as JSON (the validated instance, with nothing of the class left). */
export function requestOf(body: CreatePostBody): PostRequest {
  return JSON.parse(JSON.stringify(body)) as PostRequest;
}

/** The kept request as the body PostReview reads, as if it had just arrived. */
export function bodyOf(request: PostRequest): CreatePostBody {
  return plainToInstance(CreatePostBody, request);
}

/**
 * The request a patch makes: each field the patch names replaces the post's (a whole list, not an
 * item of it); `scheduledAt: null` takes the schedule away (publish as soon as accepted).
 */
export function patchedRequest(request: PostRequest, patch: PatchPostBody): PostRequest {
  const next: { [field: string]: unknown } = { ...request };
  const given = patch as Record<string, unknown>;
  for (const field of PATCHABLE_FIELDS) {
    if (!(field in given) || given[field] === undefined) continue;
    if (given[field] === null) delete next[field];
    else next[field] = JSON.parse(JSON.stringify(given[field])) as unknown;
  }
  return next as PostRequest;
}

/**
 * The validation errors of a patch's nulls: only `scheduledAt` may be null (the pipe's rules, made
 * optional for a patch, let a null through, and the post cannot lack its accounts or containers).
 */
export function nullProblems(patch: PatchPostBody): FieldError[] {
  const given = patch as Record<string, unknown>;
  return PATCHABLE_FIELDS.filter((field) => field !== 'scheduledAt' && given[field] === null).map((field) => ({
    field,
    message: `${field} cannot be null: give the whole new value, or leave the field out to keep it`,
  }));
}

/** The fields a patch names, in PATCHABLE_FIELDS order (for the post.updated event). */
export function patchedFields(patch: PatchPostBody): string[] {
  const given = patch as Record<string, unknown>;
  return PATCHABLE_FIELDS.filter((field) => field in given && given[field] !== undefined);
}
