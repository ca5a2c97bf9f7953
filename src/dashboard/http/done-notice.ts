import { field, FormFields } from './form';

/**
 * The message for `?done=…` after a form's redirect, from the page's own messages only: an own
 * property lookup, so a name such as `constructor` or `__proto__` finds nothing on the prototype.
 */
export function doneNotice(query: FormFields, messages: Readonly<Record<string, string>>): string | undefined {
  const done = field(query, 'done', 20);
  return Object.hasOwn(messages, done) ? messages[done] : undefined;
}
