#!/usr/bin/env node
import { NestFactory } from '@nestjs/core';
import { ApiKeysService } from '../auth';
import { CustomerKeysService } from '../auth';
import { PinoLoggerService } from '../common/logging/pino-logger.service';
import { createRootLogger } from '../common/logging/root-logger';
import { loadEnvFile } from '../config';
import { loadConfig } from '../config';
import { CustomersService } from '../customers';
import { NetworkAppsService } from '../networks';
import { RedirectUrlsService } from '../customers';
import { DashboardUsersService } from '../dashboard';
import { resolveDatabase } from '../database';
import { CliModule } from './cli.module';
import { parseCommand, runCommand, USAGE } from './commands';
import { assertDatabaseReachable } from './database-reachable';
import { failureMessage } from './failure-message';

/** The operator CLI: `npm run cli -- <command>` or `npx sps <command>`. Output on stdout; errors on stderr. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // A mistyped command is told before anything is started or connected.
  parseCommand(argv);
  loadEnvFile();
  const config = loadConfig(process.env);
  const logger = createRootLogger(config.logLevel === 'silent' ? 'silent' : 'error', process.stderr);
  const database = await resolveDatabase(config, logger);
  try {
    await assertDatabaseReachable(database.config.database.url!);
    const context = await NestFactory.createApplicationContext(CliModule.register(database.config), {
      logger: new PinoLoggerService(logger),
    });
    try {
      await runCommand(
        argv,
        {
          customers: context.get(CustomersService),
          apiKeys: context.get(ApiKeysService),
          customerKeys: context.get(CustomerKeysService),
          redirectUrls: context.get(RedirectUrlsService),
          networkApps: context.get(NetworkAppsService),
          dashboardUsers: context.get(DashboardUsersService),
        },
        (line) => process.stdout.write(`${line}\n`),
      );
      return 0;
    } finally {
      await context.close();
    }
  } finally {
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const { message, exitCode } = failureMessage(error, ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? ''));
    process.stderr.write(`${message}\n`);
    process.exit(exitCode);
  },
);
