import { parseArgs } from 'node:util';
import { ApiKeysService } from '../auth';
import { CustomerKeysService } from '../auth';
import { CUSTOMER_MODES, CustomerMode } from '../customers';
import { CustomersService } from '../customers';
import { NetworkAppsService } from '../networks';
import { AppLoginOptions } from '../networks';
import { NETWORK_IDS } from '../networks';
import { RedirectUrlsService } from '../customers';
import { DashboardUsersService } from '../dashboard';
import { readSecret } from './read-secret';

export interface CliServices {
  customers: CustomersService;
  apiKeys: ApiKeysService;
  customerKeys: CustomerKeysService;
  redirectUrls: RedirectUrlsService;
  networkApps: NetworkAppsService;
  dashboardUsers: DashboardUsersService;
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run cli -- <command>
   or: npx sps <command>          (after \`npm run build\`)

  customers create NAME
  customers list
  api-keys create --customer NAME [--name LABEL] [--mode live|test]
                   prints the new key alone on the last line; --mode test makes a test key
                   (sps_test_…), which acts in the customer's test world (made when first needed)
  api-keys list --customer NAME                      the keys of both worlds, each with its mode
  api-keys revoke KEY_ID
  redirect-urls add --customer NAME URL
  redirect-urls list --customer NAME
  redirect-urls remove --customer NAME URL
  network-apps set --customer NAME --network ${NETWORK_IDS.join('|')} --client-id ID --client-secret SECRET
                   (--client-secret - asks for the secret, or reads the first line of standard input
                   from a pipe, keeping it out of ps and shell history)
                   [--login-config-id ID] [--require-appsecret-proof] [--business-access]
                   Facebook, and Instagram with Facebook Login: a Facebook Login for Business
                   configuration, an app with "Require App Secret" on, Pages reached through a
                   Business Manager role (each off unless given: setting an app states all of it)
  network-apps list --customer NAME
  users create --customer NAME --email EMAIL --password PASSWORD
                   a dashboard user of the customer (--password - asks for it without echo, or reads
                   the first line of standard input from a pipe)`;

const OPTIONS = {
  customer: { type: 'string' },
  name: { type: 'string' },
  mode: { type: 'string' },
  network: { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'login-config-id': { type: 'string' },
  'require-appsecret-proof': { type: 'boolean' },
  'business-access': { type: 'boolean' },
  email: { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new UsageError(`Missing ${what}`);
  return value;
}

function modeOption(value: string | undefined): CustomerMode {
  if (value === undefined) return 'live';
  const mode = CUSTOMER_MODES.find((candidate) => candidate === value);
  if (!mode) throw new UsageError(`--mode must be live or test, not "${value}"`);
  return mode;
}

const iso = (date: Date | null): string => (date ? date.toISOString() : '-');

/** An app's settings for a line of output: empty when it has none. */
function appSettings(app: AppLoginOptions): string {
  const settings = [
    app.loginConfigId ? `login config ${app.loginConfigId}` : '',
    app.requireAppSecretProof ? 'requires appsecret_proof' : '',
    app.businessAccess ? 'business access' : '',
  ].filter(Boolean);
  return settings.length ? `, ${settings.join(', ')}` : '';
}

/** Asks the operator for a secret on the terminal (no echo), or reads the first line of a pipe. */
const readStandardInput = (label: string): Promise<string> => readSecret(process.stdin, process.stderr, label);

const COMMANDS = new Set([
  'customers create',
  'customers list',
  'api-keys create',
  'api-keys list',
  'api-keys revoke',
  'redirect-urls add',
  'redirect-urls list',
  'redirect-urls remove',
  'network-apps set',
  'network-apps list',
  'users create',
]);

export interface ParsedCommand {
  /** `group action`, e.g. `api-keys create`; undefined when only help was asked for. */
  command?: string;
  values: ReturnType<typeof parseOptions>['values'];
  rest: string[];
}

function parseOptions(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/**
 * Checks the command line before anything touches the database: a mistyped command or option is
 * told at once. Throws UsageError.
 */
export function parseCommand(argv: string[]): ParsedCommand {
  let parsed;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    // Node's message goes on with advice about `--`; its first sentence says what is wrong.
    throw new UsageError((error as Error).message.split('. ')[0]!);
  }
  const { values, positionals } = parsed;
  const [group, action, ...rest] = positionals;
  if (values.help || !group) return { values, rest };
  const command = `${group} ${action ?? ''}`.trim();
  if (!COMMANDS.has(command)) throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  return { command, values, rest };
}

/** Runs one CLI command; everything meant for the operator is written through `out`, one line per call. */
export async function runCommand(
  argv: string[],
  services: CliServices,
  out: (line: string) => void,
  readInput: (label: string) => Promise<string> = readStandardInput,
): Promise<void> {
  const { command, values, rest } = parseCommand(argv);
  if (!command) {
    out(USAGE);
    return;
  }
  const customerByOption = () => services.customers.getByName(required(values.customer, '--customer NAME'));

  switch (command) {
    case 'customers create': {
      const customer = await services.customers.create(required(rest[0], 'customer NAME'));
      out(`Created customer ${customer.name} (${customer.id})`);
      return;
    }
    case 'customers list': {
      for (const customer of await services.customers.list())
        out(`${customer.id}  ${customer.name}  created ${iso(customer.createdAt)}`);
      return;
    }
    case 'api-keys create': {
      const mode = modeOption(values.mode);
      const customer = await customerByOption();
      const { key, plaintext, worldId } = await services.customerKeys.create(customer.id, mode, values.name);
      const where = mode === 'test' ? ` (its test world ${worldId})` : '';
      out(
        `Created ${mode} API key ${key.id} for customer ${customer.name}${where}. It is shown only now; store it safely:`,
      );
      out(plaintext);
      return;
    }
    case 'api-keys list': {
      const customer = await customerByOption();
      for (const { key, mode } of await services.customerKeys.list(customer.id)) {
        const state = key.revokedAt ? `revoked ${iso(key.revokedAt)}` : 'active';
        out(
          `${key.id}  ${mode}  ${key.displayPrefix}…  ${key.name ?? '-'}  created ${iso(key.createdAt)}  last used ${iso(key.lastUsedAt)}  ${state}`,
        );
      }
      return;
    }
    case 'api-keys revoke': {
      const key = await services.apiKeys.revoke(required(rest[0], 'KEY_ID'));
      out(`Revoked API key ${key.id} (${key.displayPrefix}…) at ${iso(key.revokedAt)}`);
      return;
    }
    case 'redirect-urls add': {
      const customer = await customerByOption();
      const url = await services.redirectUrls.add(customer.id, required(rest[0], 'URL'));
      out(`Allowed redirect URL ${url.url} for customer ${customer.name}`);
      return;
    }
    case 'redirect-urls list': {
      const customer = await customerByOption();
      for (const url of await services.redirectUrls.list(customer.id)) out(url.url);
      return;
    }
    case 'redirect-urls remove': {
      const customer = await customerByOption();
      await services.redirectUrls.remove(customer.id, required(rest[0], 'URL'));
      out(`Removed redirect URL ${rest[0]} from customer ${customer.name}`);
      return;
    }
    case 'network-apps set': {
      const customer = await customerByOption();
      const secretOption = required(values['client-secret'], '--client-secret');
      const app = await services.networkApps.set(customer.id, required(values.network, '--network'), {
        clientId: required(values['client-id'], '--client-id'),
        // `echo SECRET | …` adds a newline that is not part of the secret.
        clientSecret:
          secretOption === '-'
            ? required((await readInput('Client secret')).trim(), 'client secret on standard input')
            : secretOption,
        loginConfigId: values['login-config-id'],
        requireAppSecretProof: values['require-appsecret-proof'],
        businessAccess: values['business-access'],
      });
      out(
        `Set the ${app.network} app of customer ${customer.name}: client id ${app.clientId} (secret stored encrypted)${appSettings(app)}`,
      );
      return;
    }
    case 'network-apps list': {
      const customer = await customerByOption();
      for (const app of await services.networkApps.list(customer.id))
        out(`${app.network}  client id ${app.clientId}${appSettings(app)}  updated ${iso(app.updatedAt)}`);
      return;
    }
    case 'users create': {
      const customer = await customerByOption();
      const email = required(values.email, '--email');
      const passwordOption = required(values.password, '--password');
      // Only the line break `echo` adds is dropped: spaces may be part of a password.
      const password =
        passwordOption === '-'
          ? required((await readInput('Password')).replace(/\r?\n$/, ''), 'password on standard input')
          : passwordOption;
      const user = await services.dashboardUsers.create(customer.id, email, password);
      out(`Created dashboard user ${user.email} (${user.id}) for customer ${customer.name}`);
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${command}`);
  }
}
