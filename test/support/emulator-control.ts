import { PublishedItem } from '../../src/emulator/state/published-log';

/** The emulator's control API (/emulator/control) as the e2e tests drive it. */
export interface EmulatorControl {
  /** A control call whatever its answer (for tests of the answer itself). */
  call(path: string, init?: RequestInit): Promise<Response>;
  /** A control call that must succeed: its answer's `data`. */
  control(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
  /** What the emulator recorded as published on `network`, of one of its accounts when given. */
  published(network: string, networkAccountId?: string): Promise<PublishedItem[]>;
  /** Clears every fault the test set (an afterEach of the files that set faults). */
  clearFaults(): Promise<void>;
}

/** The control API of the app at `baseUrl`, read when called (a test's app starts in beforeAll). */
export function emulatorControl(baseUrl: () => string): EmulatorControl {
  const call = (path: string, init?: RequestInit) =>
    fetch(`${baseUrl()}/emulator/control${path}`, {
      ...init,
      headers: { ...(init?.body ? { 'Content-Type': 'application/json' } : {}), ...init?.headers },
    });
  const control = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<unknown> => {
    const answer = await call(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!answer.ok) throw new Error(`The emulator refused ${method} ${path}: ${await answer.text()}`);
    return ((await answer.json()) as { data: unknown }).data;
  };
  return {
    call,
    control,
    published: async (network, networkAccountId) => {
      const query = new URLSearchParams({ network, ...(networkAccountId ? { accountId: networkAccountId } : {}) });
      const answer = await call(`/published?${query.toString()}`);
      if (!answer.ok) throw new Error(`The emulator refused GET /published: ${await answer.text()}`);
      return ((await answer.json()) as { data: PublishedItem[] }).data;
    },
    clearFaults: async () => {
      await control('DELETE', '/faults');
    },
  };
}
