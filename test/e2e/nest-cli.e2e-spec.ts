import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const json = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

/**
 * The Nest CLI (nest-cli.json) and the npm scripts build and start the same thing: a Nest team's
 * `nest build` / `nest start` and CI's `npm run build` / `npm start` must not drift apart.
 */
describe('nest-cli.json', () => {
  const nest = json('nest-cli.json') as {
    sourceRoot: string;
    entryFile: string;
    compilerOptions: { builder: string; tsConfigPath: string };
  };
  const scripts = (json('package.json') as { scripts: Record<string, string> }).scripts;

  it('compiles with tsc and the tsconfig npm run build uses', () => {
    expect(nest.compilerOptions.builder).toBe('tsc');
    expect(scripts.build).toBe(`tsc -p ${nest.compilerOptions.tsConfigPath}`);
  });

  it('starts the entry file npm start runs, and generates code under src/', () => {
    const outDir = (json('tsconfig.json') as { compilerOptions: { outDir: string } }).compilerOptions.outDir;
    expect(scripts.start).toContain(`${join(outDir, nest.entryFile).replace(/^\.\//, '')}.js`);
    expect(nest.sourceRoot).toBe('src');
  });
});
