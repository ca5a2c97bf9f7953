// Builds dist/ (`npm run build`) only when a source is newer than the last build, so `npm start`,
// `npm run cli` and `npm run emulator` start at once when nothing changed (a full `tsc` takes 20-55 s).
// It says which on stderr: stdout stays the CLI's own (scripts capture it).
const { execFileSync } = require('node:child_process');
const { chmodSync, existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
// Our own stamp: dist/.tsbuildinfo is also rewritten by the type check (`tsc --noEmit`), which emits nothing.
const stamp = join(root, 'dist', '.built-at');
const inputs = ['src', 'migrations', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(
  ...inputs
    .map((input) => join(root, input))
    .filter(existsSync)
    .map(newestChange),
);
if (changedAt > builtAt) {
  process.stderr.write('Building dist/ (a source changed since the last build)...\n');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  // As `npm run build` (its postbuild) does: `npx sps` runs the file itself.
  chmodSync(join(root, 'dist', 'src', 'cli', 'main.js'), 0o755);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
} else {
  process.stderr.write('dist/ is up to date: nothing to build\n');
}
