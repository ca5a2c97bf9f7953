import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries. */
export interface RequestContext {
  readonly requestId: string;
}

/**
 * The request being served, wherever the code is (services, repositories, Nest's logger): entered
 * once per request by the HTTP adapter, read by the logger's mixin.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The mixin's answer outside requests: nothing to add, and nothing allocated. */
const NOTHING = Object.freeze({});

/** pino mixin: `{ requestId }` on lines written while serving a request. */
export function requestIdMixin(): object {
  const context = requestContext.getStore();
  return context === undefined ? NOTHING : { requestId: context.requestId };
}

/**
 * pino merges the mixin's fields under the line's own (pino's default, which copies into the
 * mixin's object); lines outside requests are left as they are.
 */
export function mergeRequestFields(line: object, mixed: object): object {
  return mixed === NOTHING ? line : Object.assign(mixed, line);
}
