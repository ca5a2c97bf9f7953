import { contractLog } from '../../src/emulator/contracts/contract-log';

/**
 * Every e2e test is held to the networks' published contracts: a request an adapter sent, or an
 * answer the emulator gave, outside them fails the test that caused it. A test that sends one on
 * purpose takes it with `contractLog.take()` first.
 */
afterEach(() => {
  const violations = contractLog.take();
  if (violations.length === 0) return;
  const lines = violations.map((v) => `- ${v.network} ${v.operation} (${v.kind}): ${v.message}`);
  throw new Error(`Outside the networks' published contracts:\n${lines.join('\n')}`);
});
