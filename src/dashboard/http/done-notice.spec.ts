import { doneNotice } from './done-notice';

describe('doneNotice', () => {
  const messages = { saved: 'Saved.' } as const;

  it("finds a page's own message", () => {
    expect(doneNotice({ done: 'saved' }, messages)).toBe('Saved.');
    expect(doneNotice({}, messages)).toBeUndefined();
    expect(doneNotice({ done: 'other' }, messages)).toBeUndefined();
  });

  it('never reads the object prototype', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(doneNotice({ done: name }, messages)).toBeUndefined();
    }
  });
});
