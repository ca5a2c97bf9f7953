// `npm run start:dev`: the TypeScript compiler in watch mode, and the service restarted by Node's
// own watch mode (`node --watch`) whenever the compiler rewrites a file it loaded. No extra
// dependency: both watchers ship with TypeScript and Node.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const compiler = spawn(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);

let service;
compiler.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  // The service starts after the first full compile; from then on `node --watch` restarts it.
  if (!service && /Found \d+ errors?\. Watching for file changes/.test(chunk.toString())) {
    service = spawn(process.execPath, ['--watch', 'dist/src/main.js'], { cwd: root, stdio: 'inherit' });
    service.on('exit', (code) => {
      compiler.kill();
      process.exit(code ?? 0);
    });
  }
});
compiler.on('exit', (code) => {
  if (!service) process.exit(code ?? 1);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    compiler.kill(signal);
    if (service) service.kill(signal);
    else process.exit(0);
  });
}
