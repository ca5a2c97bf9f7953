// Preloaded (-r) by the SDK quickstart e2e when `@social-publishing/sdk` in node_modules is not a link
// to this checkout's sdk/typescript (a worktree sharing another checkout's node_modules): resolves
// the package here, as `npm ci` links it in a clean checkout, so the example runs what this checkout built.
const Module = require('node:module');
const { join } = require('node:path');

const here = join(__dirname, '..', '..', 'sdk', 'typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === '@social-publishing/sdk' ? here : request, ...rest);
};
