import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DELIVERY_ERROR_CODES } from './delivery-error-code';
import { ERROR_STATUS } from './error-code';

/** The rows of a markdown table whose header row starts with `firstHeader`: each row's cells. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${firstHeader} |`));
  if (start < 0) throw new Error(`no table starting with "${firstHeader}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

/** docs/api.md is the error reference customers read: it must say exactly what the service answers. */
describe('docs/api.md error tables', () => {
  const guide = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'api.md'), 'utf8');

  it('lists every error code of the registry once, with its status, and no other', () => {
    const documented = tableRows(guide, 'Status').map(([status, code]) => [unquote(code!), Number(status)] as const);
    expect(documented.map(([code]) => code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect(Object.fromEntries(documented)).toEqual(ERROR_STATUS);
  });

  it('lists every delivery error code once, and no other', () => {
    const documented = tableRows(guide, '`code`').map(([code]) => unquote(code!));
    expect(documented.sort()).toEqual([...DELIVERY_ERROR_CODES].sort());
  });
});
