import { PassThrough } from 'node:stream';
import { readSecret, SecretCancelled, SecretInput } from './read-secret';

/** A stand-in terminal: keystrokes arrive as data, raw mode is recorded. */
function fakeTerminal(): { input: SecretInput & PassThrough; rawModes: boolean[] } {
  const rawModes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode(mode: boolean) {
      rawModes.push(mode);
    },
  });
  return { input, rawModes };
}

function screen(): { output: PassThrough; text(): string } {
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { output, text: () => text };
}

describe('readSecret', () => {
  it('on a terminal: prompts, reads keystrokes with echo off (raw mode), honours backspace, never echoes', async () => {
    const { input, rawModes } = fakeTerminal();
    const shown = screen();
    const secret = readSecret(input, shown.output, 'Password');
    input.write('hunter');
    input.write('3\x7f2 x');
    input.write('\r');
    await expect(secret).resolves.toBe('hunter2 x');
    expect(rawModes).toEqual([true, false]);
    expect(shown.text()).toBe('Password: \n');
  });

  it('on a terminal: Ctrl-C cancels, and the terminal is given back', async () => {
    const { input, rawModes } = fakeTerminal();
    const secret = readSecret(input, screen().output, 'Password');
    input.write('abc\x03');
    await expect(secret).rejects.toBeInstanceOf(SecretCancelled);
    expect(rawModes).toEqual([true, false]);
  });

  it('from a pipe: the first line, without its line break, and no prompt; the rest is not waited for', async () => {
    const input = new PassThrough();
    const shown = screen();
    const secret = readSecret(input, shown.output, 'Password');
    input.write('first line\r\nsecond');
    await expect(secret).resolves.toBe('first line');
    expect(shown.text()).toBe('');
  });

  it('from a pipe that ends without a line break: what it held', async () => {
    const input = new PassThrough();
    const secret = readSecret(input, screen().output, 'Password');
    input.end('no newline');
    await expect(secret).resolves.toBe('no newline');
  });
});
