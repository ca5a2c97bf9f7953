import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODE_MEANINGS, ERROR_CODES } from './error-code';

const SRC = join(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The codes the sources hand to ApiException, or write as a framework error's code. */
function codesInSources(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /new ApiException\(\s*'([a-z_]+)'/g,
    /ApiException\.conflict\(\s*(?:'[^']*'|`[^`]*`|"[^"]*"),\s*'([a-z_]+)',?\s*\)/g,
    /\bcode: '([a-z_]+)'/g,
  ];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('ApiException') && !file.includes(join('common', 'errors'))) continue;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file.slice(SRC.length + 1));
    }
  }
  return found;
}

describe('the error code registry', () => {
  it('holds every code the sources answer with', () => {
    const found = codesInSources();
    // The scan must see the codes spread over the services, not only the registry's own file.
    expect([...found.keys()]).toEqual(
      expect.arrayContaining(['unknown_network', 'rate_limited', 'webhook_disabled', 'payload_too_large']),
    );
    const missing = [...found].filter(([code]) => !(ERROR_CODES as string[]).includes(code));
    expect(missing).toEqual([]);
  });

  it('explains every code', () => {
    for (const code of ERROR_CODES) expect(ERROR_CODE_MEANINGS[code]).toMatch(/\w/);
  });
});
