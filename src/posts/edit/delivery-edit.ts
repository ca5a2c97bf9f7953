import type { FieldError } from '../../common/errors/api-exception';
import type { PatchPostBody } from '../dto/patch-post.body';
import type { PostRequest } from '../post-request';
import { PATCHABLE_FIELDS } from '../post-request';

/**
 * The edit of a published delivery's text (PATCH /posts/:id of a published post), stored on the
 * delivery (deliveries.edit, JSON) and shown as its `edit`:
 * requested (queued: the worker sends it) → edited | failed; not_supported when the network keeps
 * a published post as it is, failed at once when its rules refuse it now (X's window, the account's
 * subscription): nothing is sent then.
 */
export const EDIT_STATUSES = ['requested', 'edited', 'failed', 'not_supported'] as const;
export type EditStatus = (typeof EDIT_STATUSES)[number];

export interface DeliveryEditError {
  code: string;
  message: string;
}

export interface DeliveryEdit {
  status: EditStatus;
  /** The text asked for (the delivery's first container as the patch makes it). */
  text: string;
  requestedAt: string;
  /**
   * Written just before the network is called: an attempt that finds it set was cut off with the
   * edit possibly sent, and asks the network first (X: the post's edit history) before sending again.
   */
  sentAt: string | null;
  editedAt: string | null;
  error: DeliveryEditError | null;
  /** Edits the network took for this delivery (X allows 5). */
  edits: number;
  /** The network's id of the post as first published; X gives each edit a new id, which becomes platformPostId. */
  originalPlatformPostId: string;
}

/** The edit of a delivery whose network keeps published posts as they are (a delivery error, not an API error). */
export function notSupported(platform: string): DeliveryEditError {
  return {
    code: 'edit_not_supported',
    message: `${platform} keeps a published post's text as it is: nothing was sent`,
  };
}

/** The delivery's edit as read from its JSON column (null: never edited). */
export function readDeliveryEdit(value: unknown): DeliveryEdit | null {
  if (typeof value !== 'object' || value === null) return null;
  const edit = value as Partial<DeliveryEdit>;
  if (!edit.status || !EDIT_STATUSES.includes(edit.status)) return null;
  return {
    status: edit.status,
    text: typeof edit.text === 'string' ? edit.text : '',
    requestedAt: String(edit.requestedAt ?? ''),
    sentAt: typeof edit.sentAt === 'string' ? edit.sentAt : null,
    editedAt: typeof edit.editedAt === 'string' ? edit.editedAt : null,
    error: edit.error && typeof edit.error === 'object' ? edit.error : null,
    edits: typeof edit.edits === 'number' ? edit.edits : 0,
    originalPlatformPostId: String(edit.originalPlatformPostId ?? ''),
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What a patch of a published post may not change, one problem per field it would change: only
 * the text of the post (`containers[0].content`) changes after publishing. A field given with the
 * value the post already has changes nothing and passes (a client may send the whole post back);
 * a thread's further containers keep their text (they are replies or comments of their own).
 */
export function publishedPatchProblems(request: PostRequest, patch: PatchPostBody): FieldError[] {
  const given = patch as Record<string, unknown>;
  const problems: FieldError[] = [];
  for (const field of PATCHABLE_FIELDS) {
    if (field === 'containers' || given[field] === undefined) continue;
    if (!same(given[field], request[field]))
      problems.push({ field, message: `${field} cannot change once the post is published` });
  }
  if (patch.containers === undefined) return problems;
  const before = (request.containers ?? []) as Array<Record<string, unknown>>;
  const after = patch.containers as unknown as Array<Record<string, unknown>>;
  if (after.length !== before.length) {
    problems.push({
      field: 'containers',
      message: `the post has ${before.length} containers once published; give as many, changing only containers[0].content`,
    });
    return problems;
  }
  after.forEach((container, index) => {
    const keys = new Set([...Object.keys(container), ...Object.keys(before[index]!)]);
    for (const key of keys) {
      if (index === 0 && key === 'content') continue;
      if (!same(container[key], before[index]![key]))
        problems.push({
          field: `containers[${index}].${key}`,
          message:
            key === 'content'
              ? "a thread's further containers keep their text once published"
              : `containers[${index}].${key} cannot change once the post is published`,
        });
    }
  });
  return problems;
}
