import { xProblems } from './x-errors';
import { X_ID_PATTERN, XOperation, xOperationQuery, XQueryParameter } from './x-spec';

export type { XOperation } from './x-spec';

/** A query checked against the operation's parameters in X's spec. */
export interface XQuery {
  /** The values of a list parameter (`post.fields`, `expansions`…); empty when it was not sent. */
  list(name: string): ReadonlySet<string>;
  value(name: string): string | undefined;
}

type RawQuery = Readonly<Record<string, unknown>>;

function checkValue(name: string, value: string, parameter: XQueryParameter): string[] | undefined {
  switch (parameter.kind) {
    case 'list': {
      const values = value.split(',');
      const unknown = values.find((item) => !parameter.values.includes(item));
      if (unknown !== undefined)
        throw xProblems.invalid(
          name,
          `The \`${name}\` query parameter value [${unknown}] is not one of [${parameter.values.join(',')}]`,
          unknown,
        );
      const repeated = values.find((item, index) => values.indexOf(item) !== index);
      if (repeated !== undefined)
        throw xProblems.invalid(name, `The \`${name}\` query parameter value [${repeated}] is given twice`, repeated);
      return values;
    }
    case 'integer': {
      const number = Number(value);
      if (!/^-?\d+$/.test(value) || number < parameter.minimum || number > parameter.maximum)
        throw xProblems.invalid(
          name,
          `The \`${name}\` query parameter value [${value}] is not between ${parameter.minimum} and ${parameter.maximum}`,
          value,
        );
      return undefined;
    }
    case 'enum':
      if (!parameter.values.includes(value))
        throw xProblems.invalid(
          name,
          `The \`${name}\` query parameter value [${value}] is not one of [${parameter.values.join(',')}]`,
          value,
        );
      return undefined;
    case 'date-time':
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) || !Date.parse(value))
        throw xProblems.invalid(
          name,
          `The \`${name}\` query parameter value [${value}] is not a valid RFC 3339 time`,
          value,
        );
      return undefined;
    case 'string':
      if (
        value.length < (parameter.minLength ?? 0) ||
        value.length > (parameter.maxLength ?? Infinity) ||
        (parameter.pattern && !parameter.pattern.test(value))
      )
        throw xProblems.invalid(name, `The \`${name}\` query parameter value [${value}] is not valid`, value);
      return undefined;
  }
}

/**
 * Checks a request's query string as X does: a parameter the operation does not name, a value
 * outside its list or bounds, a required one missing, are each a 400 invalid-request problem.
 */
export function xQuery(operation: XOperation, raw: RawQuery): XQuery {
  const spec = xOperationQuery(operation);
  const parameters: Readonly<Record<string, XQueryParameter>> = spec.query;
  const names = Object.keys(parameters);
  const values = new Map<string, string>();
  const lists = new Map<string, ReadonlySet<string>>();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const parameter = parameters[name];
    if (!parameter)
      throw xProblems.invalid(name, `The query parameter [${name}] is not one of [${names.join(',')}]`, String(value));
    if (typeof value !== 'string')
      throw xProblems.invalid(name, `The \`${name}\` query parameter can only be given once`, String(value));
    const list = checkValue(name, value, parameter);
    if (list) lists.set(name, new Set(list));
    values.set(name, value);
  }
  const missing = spec.required.find((name) => !values.get(name));
  if (missing) throw xProblems.invalid(missing, `The \`${missing}\` query parameter can not be empty`, '');
  return {
    list: (name) => lists.get(name) ?? new Set(),
    value: (name) => values.get(name),
  };
}

/** A path id (post, user, media) as the spec's pattern allows it: 1 to 19 digits. */
export function xPathId(name: string, value: string): string {
  if (!X_ID_PATTERN.test(value))
    throw xProblems.invalid(
      name,
      `The \`${name}\` path parameter value [${value}] does not match ^[0-9]{1,19}$`,
      value,
    );
  return value;
}
