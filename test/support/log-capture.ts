import { Writable } from 'node:stream';
import { Logger } from 'pino';
import { createRootLogger } from '../../src/common/logging/root-logger';

/** A real service logger whose lines are kept in memory, so tests can read what would be logged. */
export function capturingLogger(): { logger: Logger; text(): string } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createRootLogger('info', destination), text: () => lines.join('') };
}
