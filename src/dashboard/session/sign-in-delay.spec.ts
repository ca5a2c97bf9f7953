import { signInDelaySeconds } from './sign-in-delay';

describe('signInDelaySeconds', () => {
  it('costs nothing for the free failures, then doubles up to 15 minutes', () => {
    const delays = Array.from({ length: 16 }, (_, index) => signInDelaySeconds(index, 3));
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(delays.slice(4, 8)).toEqual([2, 4, 8, 16]);
    expect(delays[15]).toBe(900);
    expect(signInDelaySeconds(10_000, 3)).toBe(900);
  });
});
