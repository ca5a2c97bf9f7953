/**
 * The API's two conventions, as docs/api.md states them ("Lists" and "Names"), for the tests that
 * walk the OpenAPI document to hold every operation to them.
 */

/**
 * GETs whose `data` is an array but which take no `limit` or `cursor`: small fixed lists answered
 * whole, in the same shape as every list (`pagination.nextCursor` always null).
 */
export const FIXED_LIST_OPERATIONS: readonly string[] = ['listNetworks'];

/**
 * snake_case names the published interface itself fixes: kept as they are, whatever our own
 * camelCase rule says. Every other name in the document is camelCase, or a deprecated alias
 * (`deprecated: true`) beside its camelCase name.
 */
export const INTERFACE_FIXED_NAMES: readonly string[] = ['tenant_id', 'redirect_uri', 'auth_url', 'webhook_secret'];

/** camelCase as the API spells it: a lowercase first letter, then letters and digits only. */
export const isCamelCase = (name: string): boolean => /^[a-z][A-Za-z0-9]*$/.test(name);

/** The camelCase spelling of a snake_case name (client_state: clientState). */
export const camelCaseOf = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
