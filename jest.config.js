// Unit tests live beside the code (src, *.spec.ts); e2e tests boot the real app over a real Postgres (test/e2e); browser tests drive Chromium against it (test/browser).
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }];

// Node >= 20.19 loads ESM-only dependencies through require(); Jest (before Node 24.9) cannot, so the few
// ESM-only packages on our import path are compiled to CommonJS for the tests only.
const ESM_ONLY_PACKAGES = ['content-disposition', 'unicode-segmenter'];
const esmToCommonJs = [
  'ts-jest',
  { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true }, diagnostics: false },
];

const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': tsJest,
    [`/node_modules/(${ESM_ONLY_PACKAGES.join('|')})/.+\\.js$`]: esmToCommonJs,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
};

/** @type {import('jest').Config} */
module.exports = {
  // Jest 29 reads the timeout only at the top level; the e2e tests start real servers.
  testTimeout: 60_000,
  // At least two workers: Jest's default (one less than the cores) is one on a 2-core machine, which
  // runs every file in band, while an e2e file spends most of its time waiting on its servers and
  // Postgres. Two workers on 2 cores: the whole suite in 8.2 min instead of 15.6 (2026-11-26).
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
  projects: [
    { ...shared, displayName: 'unit', roots: ['<rootDir>/src'], testMatch: ['**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: [
        '<rootDir>/test/support/contract-violations.ts',
        '<rootDir>/test/support/api-answer-violations.ts',
      ],
    },
    {
      // A real Chromium (playwright-core) against the real app; skipped, saying so, where Chromium is missing.
      ...shared,
      displayName: 'browser',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: [
        '<rootDir>/test/support/contract-violations.ts',
        '<rootDir>/test/support/api-answer-violations.ts',
      ],
    },
  ],
};
