import { ApiException, FieldError } from '../errors/api-exception';

/** Keys that can reach an object's prototype; refused anywhere in a body or query. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Deeper than any request goes (a post's containers[0].media[0].url is 4 levels). Deeper values are
 * refused before the ValidationPipe and class-transformer recurse into them: a body of nested
 * brackets within the size limit overflowed their stack (a 500).
 */
export const MAX_DEPTH = 16;

/**
 * Object keys and array items, counted at every level, that a body or query may hold. The largest
 * valid request (a post of 25 containers of 20 media each, to 50 accounts) holds about 1,630.
 * Validating costs time per field, on the one thread that serves everyone: a 650 KB body of 60,000
 * unknown keys held it for over 2 s, and its answer listed every one of them. A post's `options` and
 * `accountOverrides` (their own containers) count toward the same bound: the bound, not their
 * class-validator limits, caps a post giving many accounts long threads of their own.
 */
export const MAX_FIELDS = 2_000;

/** Problems reported at most for one request; the rest are counted. */
export const MAX_PROBLEMS = 20;

/** The refusal of a body or query holding more than MAX_FIELDS fields. */
export function tooManyFields(where: 'body' | 'query'): ApiException {
  const message = `The request ${where} holds more than ${MAX_FIELDS} fields (keys and array items, at every level); at most ${MAX_FIELDS} are accepted`;
  return ApiException.validation([{ field: where, message }], message);
}

export interface ShapeProblems {
  problems: FieldError[];
  /** Set when the value holds more than MAX_FIELDS fields: the walk stopped there. */
  tooManyFields: boolean;
}

/**
 * Prototype keys, values nested deeper than MAX_DEPTH, and more than MAX_FIELDS fields in all,
 * found by one walk that stops as soon as it has seen MAX_FIELDS fields or MAX_PROBLEMS problems,
 * so refusing a hostile body costs no more than reading a valid one.
 */
export function shapeProblems(value: unknown): ShapeProblems {
  const problems: FieldError[] = [];
  let fields = 0;
  let tooManyFields = false;
  // Returns false once the walk must stop.
  const visit = (node: unknown, path: string, depth: number): boolean => {
    if (typeof node !== 'object' || node === null) return true;
    if (depth >= MAX_DEPTH) {
      problems.push({ field: path, message: `${path} is nested too deeply (at most ${MAX_DEPTH} levels)` });
      return problems.length < MAX_PROBLEMS;
    }
    const isArray = Array.isArray(node);
    for (const key in node) {
      if (!Object.prototype.hasOwnProperty.call(node, key)) continue;
      fields += 1;
      if (fields > MAX_FIELDS) {
        tooManyFields = true;
        return false;
      }
      const field = isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) {
        problems.push({ field, message: `${field} is not an accepted field` });
        if (problems.length >= MAX_PROBLEMS) return false;
        continue;
      }
      if (!visit((node as Record<string, unknown>)[key], field, depth + 1)) return false;
    }
    return true;
  };
  visit(value, '', 0);
  return { problems, tooManyFields };
}
