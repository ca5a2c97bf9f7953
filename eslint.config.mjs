// ESLint (flat config): typescript-eslint's recommended rules over the sources, tests and migrations,
// with Prettier owning the layout (eslint-config-prettier turns off the rules it would fight).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-artifacts/**', 'coverage/**', 'sdk/typescript/dist/**'] },
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
  // STORES_PENDING (issue 30): files that still reach the database themselves; the list only shrinks.
  {
    files: [
      'src/accounts/account-expiring-notice.ts',
      'src/accounts/account-expiry.ts',
      'src/accounts/account-permission-changes.ts',
      'src/accounts/accounts.repository.ts',
      'src/accounts/accounts.service.ts',
      'src/accounts/token-refresher.spec.ts',
      'src/accounts/token-refresher.ts',
      'src/auth/api-keys.service.ts',
      'src/comments/comment-request-store.ts',
      'src/comments/comment-scan.ts',
      'src/comments/comments-call.ts',
      'src/comments/comments.service.spec.ts',
      'src/comments/comments.service.ts',
      'src/comments/published-delivery.ts',
      'src/comments/reply-target.ts',
      'src/comments/scan-comments.task.ts',
      'src/comments/send-comment.task.ts',
      'src/connect/connect-attempts.service.ts',
      'src/connect/pending-sessions.service.ts',
      'src/connect/purge-expired-connect-state.task.ts',
      'src/customers/customer-modes.ts',
      'src/customers/customers.service.ts',
      'src/customers/redirect-urls.service.ts',
      'src/customers/test-worlds.service.ts',
      'src/dashboard/readers/accounts.reader.ts',
      'src/dashboard/readers/overview.reader.ts',
      'src/dashboard/session/dashboard-sessions.service.ts',
      'src/dashboard/session/sign-in-throttle.ts',
      'src/dashboard/users/dashboard-users.service.ts',
      'src/emulator/worlds/database-world-storage.ts',
      'src/media/media-quota.ts',
      'src/media/media-uploads.ts',
      'src/media/media.service.ts',
      'src/media/postgres-media-storage.ts',
      'src/media/purge-unused-media.task.ts',
      'src/metrics/metrics-scan.ts',
      'src/metrics/metrics.service.ts',
      'src/metrics/refresh-metrics.task.ts',
      'src/networks/apps/network-apps.service.ts',
      'src/posts/idempotency.ts',
      'src/posts/post-review.ts',
      'src/posts/unpublish/unpublish-delivery.task.ts',
      'src/queue/locked-scan.ts',
      'src/token-lifecycle/refresh-account-token.task.spec.ts',
      'src/token-lifecycle/refresh-account-token.task.ts',
      'src/token-lifecycle/token-scan.ts',
      'src/webhooks/event-outbox.ts',
      'src/webhooks/webhook-deliveries.service.ts',
      'src/webhooks/webhook-dispatcher.ts',
      'src/webhooks/webhook-endpoints.service.ts',
      'src/webhooks/webhook-lane.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
