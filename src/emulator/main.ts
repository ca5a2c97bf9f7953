import { startStandaloneEmulator } from './standalone-emulator';

/**
 * `npm run emulator`: the network emulator as a server of its own. EMULATOR_HOST (127.0.0.1),
 * EMULATOR_PORT (4000; 0 picks one) and EMULATOR_SERVICE_URL (the service whose OAuth callbacks it
 * accepts; any when unset). Point the service at it with NETWORK_EMULATOR_URL=<the printed URL>.
 */
async function main(): Promise<void> {
  const emulator = await startStandaloneEmulator({
    host: process.env.EMULATOR_HOST ?? '127.0.0.1',
    port: Number(process.env.EMULATOR_PORT ?? 4000),
    serviceUrl: process.env.EMULATOR_SERVICE_URL?.replace(/\/+$/, ''),
  });
  process.stdout.write(`Network emulator listening at ${emulator.url}\n`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start the emulator: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
