import { join } from 'node:path';

const SDK_DIR = join(__dirname, '..', '..', 'sdk', 'typescript');
const PYTHON_SDK_DIR = join(__dirname, '..', '..', 'sdk', 'python');

/** The generated files of the SDKs (TypeScript and Python), committed, and checked against the service by the sdk e2e tests. */
export const SDK_FILES = {
  document: join(SDK_DIR, 'openapi.json'),
  schema: join(SDK_DIR, 'src', 'schema.ts'),
  pythonModels: join(PYTHON_SDK_DIR, 'src', 'social_publishing', 'models.py'),
};

export const REGENERATE_COMMAND = 'npm run sdk:generate';

/** The committed form of the document: stable, readable JSON (left alone by Prettier, see .prettierignore). */
export function documentSource(document: object): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
