// ESLint (flat config): typescript-eslint's recommended rules over the sources, tests and migrations,
// with Prettier owning the layout (eslint-config-prettier turns off the rules it would fight).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'test-artifacts/**',
      'coverage/**',
      'sdk/typescript/dist/**',
      '.venv-python/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // A leading underscore marks a parameter that an interface requires but this implementation does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Persistence has one home: only stores (*.store.ts) and src/database reach TypeORM, pg or a
  // transaction's insides; services open transactions with Database.transaction() and pass them on.
  {
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typeorm',
              importNames: ['DataSource', 'EntityManager', 'Repository', 'QueryRunner', 'SelectQueryBuilder'],
              message:
                'Only stores (*.store.ts) and src/database reach the database: call a store, and take a Transaction from Database.transaction().',
            },
            {
              name: '@nestjs/typeorm',
              importNames: ['InjectDataSource', 'InjectRepository', 'InjectEntityManager'],
              message: 'Only stores (*.store.ts) and src/database inject TypeORM.',
            },
            { name: 'pg', message: 'Only stores, src/database and the worker pool use pg directly.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.store.ts', 'src/database/**/*.ts', 'src/queue/worker-pool.ts', 'src/cli/database-reachable.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
