import { isDeepStrictEqual } from 'node:util';
import { ValidateBy, ValidationArguments } from 'class-validator';

/**
 * A request field's old snake_case name, kept for one release beside its camelCase name: a client
 * may send either, or both with the same value; both with different values is a 400 naming the old
 * one (we will not guess which the client meant). The handler reads `current ?? old`.
 */
export function DeprecatedAliasOf(current: string): PropertyDecorator {
  return ValidateBy({
    name: 'deprecatedAliasOf',
    constraints: [current],
    validator: {
      validate(value: unknown, args: ValidationArguments): boolean {
        const other = (args.object as Record<string, unknown>)[current];
        return value === undefined || other === undefined || isDeepStrictEqual(value, other);
      },
      defaultMessage(args: ValidationArguments): string {
        return `${args.property} is the deprecated name of ${current}: send ${current} alone (or both with the same value)`;
      },
    },
  });
}

/** The description of a deprecated alias in the API document. */
export function deprecatedAliasDescription(current: string): string {
  return `Deprecated: the old name of \`${current}\`, accepted for one more release. Send \`${current}\` instead.`;
}
