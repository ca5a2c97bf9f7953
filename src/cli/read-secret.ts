import { Writable } from 'node:stream';

/** What the secret reader needs of standard input: a readable stream, maybe a terminal. */
export interface SecretInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** The operator pressed Ctrl-C at a secret prompt. */
export class SecretCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

const ENTER = new Set(['\r', '\n']);
const ERASE = new Set(['\x7f', '\b']);
const CANCEL = '\x03';
const END_OF_INPUT = '\x04';

/**
 * Reads one secret line (`--password -`, `--client-secret -`). On a terminal it prompts on `prompt`
 * and reads keystrokes with echo off; from a pipe it reads the first line and stops there, without
 * waiting for the end of the input. The line break is not part of the secret.
 */
export function readSecret(input: SecretInput, prompt: Writable, label: string): Promise<string> {
  return input.isTTY && input.setRawMode ? readFromTerminal(input, prompt, label) : readFirstLine(input);
}

function readFromTerminal(input: SecretInput, prompt: Writable, label: string): Promise<string> {
  prompt.write(`${label}: `);
  input.setRawMode!(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let secret = '';
    const finish = (outcome: () => void) => {
      input.off('data', onData);
      input.setRawMode!(false);
      input.pause();
      prompt.write('\n');
      outcome();
    };
    const onData = (chunk: string | Buffer) => {
      for (const character of chunk.toString()) {
        if (ENTER.has(character) || character === END_OF_INPUT) return finish(() => resolve(secret));
        if (character === CANCEL) return finish(() => reject(new SecretCancelled()));
        if (ERASE.has(character)) secret = secret.slice(0, -1);
        else secret += character;
      }
    };
    input.on('data', onData);
  });
}

function readFirstLine(input: SecretInput): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (line: string) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', reject);
      input.pause();
      resolve(line.replace(/\r$/, ''));
    };
    const onData = (chunk: string | Buffer) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end !== -1) done(text.slice(0, end));
    };
    const onEnd = () => done(text);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', reject);
  });
}
