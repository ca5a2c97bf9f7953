import { LocalDatabase } from '../../src/database/embedded/local-database';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __testDatabase?: LocalDatabase }).__testDatabase?.stop();
}
