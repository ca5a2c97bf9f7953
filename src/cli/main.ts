import { NestFactory } from '@nestjs/core';
import { ApiKeysService } from '../auth/api-keys.service';
import { CustomerKeysService } from '../auth/customer-keys.service';
import { ApiException } from '../common/errors/api-exception';
import { PinoLoggerService } from '../common/logging/pino-logger.service';
import { createRootLogger } from '../common/logging/root-logger';
import { ConfigError, loadConfig } from '../config/load-config';
import { CustomersService } from '../customers/customers.service';
import { NetworkAppsService } from '../networks/apps/network-apps.service';
import { RedirectUrlsService } from '../customers/redirect-urls.service';
import { DashboardUsersService } from '../dashboard/users/dashboard-users.service';
import { resolveDatabase } from '../database/resolve-database';
import { CliModule } from './cli.module';
import { runCommand, UsageError, USAGE } from './commands';

/** The operator CLI: `npm run cli -- <command>`. Output on stdout; logs (warnings only) on stderr. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig(process.env);
  const logger = createRootLogger(config.logLevel === 'silent' ? 'silent' : 'error', process.stderr);
  const database = await resolveDatabase(config, logger);
  try {
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
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    else if (error instanceof ApiException) {
      const details = (error.details ?? []).map((detail) => `\n  - ${detail.field}: ${detail.message}`).join('');
      process.stderr.write(`Error: ${error.message}${details}\n`);
    } else if (error instanceof ConfigError) process.stderr.write(`Error: ${error.message}\n`);
    else process.stderr.write(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
