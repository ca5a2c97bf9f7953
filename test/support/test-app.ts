import { randomBytes } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Server } from 'node:http';
import { createApp, CreateAppOptions } from '../../src/app.factory';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { AppConfig } from '../../src/config/app-config';
import { loadConfig } from '../../src/config/load-config';
import { CustomersService } from '../../src/customers/customers.service';
import { checkAnswersAgainstDocument } from './api-answer-hook';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestCustomer {
  id: string;
  name: string;
  apiKey: string;
  apiKeyId: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  server: Server;
  config: AppConfig;
  db: TestDatabase;
  /** A new customer with one API key, created through the same services the CLI uses. */
  createCustomer(name?: string): Promise<TestCustomer>;
  close(): Promise<void>;
}

export interface TestAppOptions extends CreateAppOptions {
  env?: Record<string, string>;
  databaseUrl?: string;
}

/** The real application (same factory as main.ts) on a fresh database of its own. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl ?? db.url,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Tests fire requests with one key as fast as they can; a limit this high is never reached, yet
    // every keyed request still goes through the limiter. rate-limit.e2e-spec.ts sets a small one.
    RATE_LIMIT_PER_SECOND: '100000',
    RATE_LIMIT_BURST: '100000',
    // Likewise for lookups of keys not known valid per client address: tests make up many keys from
    // one address on purpose. bad-key-storm.e2e-spec.ts sets the defaults.
    KEY_LOOKUP_BURST: '100000',
    KEY_LOOKUP_PER_SECOND: '100000',
    // And for failed dashboard sign-ins per client address across emails: the sign-in tests guess
    // wrong from one address on purpose. security.e2e-spec.ts sets the defaults.
    DASHBOARD_SIGN_IN_BURST: '100000',
    DASHBOARD_SIGN_IN_PER_MINUTE: '1000000',
    ...options.env,
  });
  // Every answer is held to the app's own API document (api-answer-violations.ts fails the test);
  // the hook reads `app` at the first answer, once it is made.
  const app: NestFastifyApplication = await createApp(config, {
    ...options,
    beforeRoutes: (adapter) => {
      options.beforeRoutes?.(adapter);
      checkAnswersAgainstDocument(adapter.getInstance(), () => app);
    },
  });
  // The periodic tasks (the scans, the purges) would fire at a minute's boundary in the middle of
  // some test; tests that need one run it themselves (TokenScan.scanOnce, PeriodicScheduler.tick).
  for (const job of app.get(SchedulerRegistry).getCronJobs().values()) void job.stop();
  let counter = 0;
  return {
    app,
    server: app.getHttpServer() as Server,
    config,
    db,
    async createCustomer(name = `customer-${randomBytes(4).toString('hex')}-${++counter}`) {
      const customer = await app.get(CustomersService).create(name);
      const { key, plaintext } = await app.get(ApiKeysService).create(customer.id, 'test');
      return { id: customer.id, name: customer.name, apiKey: plaintext, apiKeyId: key.id };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
