import { signInDelaySeconds, signInDelayTable } from './sign-in-delay';

describe('signInDelaySeconds', () => {
  it('costs nothing while failures are fewer than the free ones, then doubles up to 15 minutes', () => {
    const delays = Array.from({ length: 16 }, (_, index) => signInDelaySeconds(index, 3));
    expect(delays.slice(0, 3)).toEqual([0, 0, 0]);
    expect(delays.slice(3, 7)).toEqual([2, 4, 8, 16]);
    expect(delays[15]).toBe(900);
    expect(signInDelaySeconds(10_000, 3)).toBe(900);
  });

  it('is the same rule as the table the database applies', () => {
    const table = signInDelayTable(3);
    expect(table.slice(0, 5)).toEqual([0, 0, 0, 2, 4]);
    expect(table[table.length - 1]).toBe(900);
    table.forEach((delay, failures) => expect(delay).toBe(signInDelaySeconds(failures, 3)));
  });
});
