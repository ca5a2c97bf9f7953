import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFile } from './env-file';
import { ConfigError } from './validate-environment';

// Jest gives each test file a copy of process.env, which process.loadEnvFile does not write to: the
// loading itself, and a variable set in the environment winning over the file, are proved on the CLI
// run as a process (test/e2e/cli-process.e2e-spec.ts). Here: which file is loaded, and when.
describe('loadEnvFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sps-env-file-'));
  const cwd = process.cwd();
  beforeEach(() => process.chdir(dir));
  afterEach(() => {
    process.chdir(cwd);
    rmSync(join(dir, '.env'), { force: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads .env from the working directory when there is one', () => {
    writeFileSync(join(dir, '.env'), 'SPS_ENV_FILE_TEST=from-file\n');
    const load = jest.fn();
    expect(loadEnvFile({}, load)).toBe(join(dir, '.env'));
    expect(load).toHaveBeenCalledWith(join(dir, '.env'));
  });

  it('does nothing without a .env, or with ENV_FILE empty', () => {
    const load = jest.fn();
    expect(loadEnvFile({}, load)).toBeUndefined();
    writeFileSync(join(dir, '.env'), 'SPS_ENV_FILE_TEST=x\n');
    expect(loadEnvFile({ ENV_FILE: '' }, load)).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the file ENV_FILE names, and refuses one that is not there', () => {
    writeFileSync(join(dir, 'other.env'), 'SPS_ENV_FILE_TEST=other\n');
    const load = jest.fn();
    expect(loadEnvFile({ ENV_FILE: 'other.env' }, load)).toBe(join(dir, 'other.env'));
    expect(load).toHaveBeenCalledWith(join(dir, 'other.env'));
    expect(() => loadEnvFile({ ENV_FILE: 'missing.env' }, load)).toThrow(ConfigError);
  });
});
