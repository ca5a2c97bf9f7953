import { ApiException } from '../../common/errors/api-exception';

export type FormFields = Record<string, unknown> | undefined;

/** A form field or query parameter as one string: '' when absent; a 400 when sent twice or not text. */
export function field(fields: FormFields, name: string, maxLength = 2048): string {
  const value = fields?.[name];
  if (value === undefined) return '';
  if (typeof value !== 'string')
    throw ApiException.validation([{ field: name, message: `${name} must be sent once, as text` }]);
  if (value.length > maxLength)
    throw ApiException.validation([{ field: name, message: `${name} must be at most ${maxLength} characters` }]);
  return value;
}

/** A checkbox: on when sent with any value (browsers send "on"), off when absent. */
export function checked(fields: FormFields, name: string): boolean {
  return field(fields, name, 10) !== '';
}

/** A filter that must be one of the known values (or empty for "any"). */
export function oneOf<T extends string>(fields: FormFields, name: string, allowed: readonly T[]): T | undefined {
  const value = field(fields, name, 100).trim();
  if (!value) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw ApiException.validation([{ field: name, message: `${name} must be one of ${allowed.join(', ')}` }]);
  }
  return value as T;
}
