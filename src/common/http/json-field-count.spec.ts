import { hasMoreJsonFieldsThan } from './json-field-count';

/** The fields the scan counts: the largest bound it does not exceed. */
function countedFields(text: string): number {
  let max = 0;
  while (hasMoreJsonFieldsThan(text, max)) max++;
  return max;
}

function fieldsOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce<number>((sum, child) => sum + 1 + fieldsOf(child), 0);
}

describe('hasMoreJsonFieldsThan', () => {
  it('counts object keys and array items at every level, as the validation pipe does', () => {
    const cases: Array<[string, number]> = [
      ['{}', 0],
      ['[]', 0],
      ['{"a":1}', 1],
      ['{"a":[1,2,3]}', 4],
      ['[[],[[]],{}]', 4],
      ['{"a":{"b":{"c":[{"d":"x"}]}}}', 5],
      [' { "a" : [ 1 , { "b" : 2 } ] } ', 4],
      ['{"a:b,c":"[{,:}]","d":"\\"quoted:\\\\","e":["\\\\"]}', 4],
      ['"just, a: string"', 0],
    ];
    for (const [text, fields] of cases) {
      expect({ text, fields: countedFields(text) }).toEqual({ text, fields });
      // The parsed value has as many (the validation pipe's walk counts these).
      expect(fieldsOf(JSON.parse(text))).toBe(fields);
    }
  });

  it('stops at the bound', () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i])));
    expect(hasMoreJsonFieldsThan(wide, 2_000)).toBe(true);
    expect(hasMoreJsonFieldsThan(wide, 60_000)).toBe(false);
  });
});
