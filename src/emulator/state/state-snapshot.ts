import { EmulatorRegistry } from '../registry/emulator-registry';
import { RegisteredNetwork } from '../registry/registered-network';
import { IssuedCode, IssuedToken } from './credentials';
import { EmulatorState } from './emulator-state';
import { Fault } from './faults';
import { PublishedItem } from './published-log';
import { AppSetup } from './registered-apps';
import { EmulatorSettings } from './settings';
import { TestUser } from './test-users';

/**
 * An EmulatorState as plain JSON, for a test world kept in the database (emulator_worlds.state).
 * Every part is already plain data apart from its Maps, which become objects or arrays here; times
 * are numbers (ms since epoch) throughout, so nothing needs reviving.
 */
export interface EmulatorSnapshot {
  version: 1;
  users: TestUser[];
  settings: EmulatorSettings;
  credentials: { codes: IssuedCode[]; tokens: IssuedToken[] };
  faults: { faults: Fault[]; nextId: number };
  published: PublishedItem[];
  objects: Record<string, Record<string, unknown>>;
  rateWindows: Record<string, { used: number; resetAt: number }>;
  /** Apps registered through the control API, with their secrets (test apps of the customer's own). */
  apps: Record<string, string>;
  /** How those apps are set up (login configurations, "Require App Secret"); absent in older snapshots. */
  appSetups?: Record<string, AppSetup>;
}

/** The state as JSON; `omitApps` are apps re-registered on every load (a world's own app), never stored. */
export function snapshotOf(state: EmulatorState, omitApps: readonly string[] = []): EmulatorSnapshot {
  const apps = state.apps.toJSON();
  const appSetups = state.apps.setupsToJSON();
  for (const clientId of omitApps) {
    delete apps[clientId];
    delete appSetups[clientId];
  }
  return {
    version: 1,
    users: [...state.listUsers()],
    settings: state.settings,
    credentials: state.credentials.toJSON(),
    faults: state.faults.toJSON(),
    published: state.published.toJSON(),
    objects: state.objects.toJSON(),
    rateWindows: state.rateWindows.toJSON(),
    apps,
    appSetups,
  };
}

/**
 * A state rebuilt from a snapshot. Settings are laid over today's defaults, so a setting added to a
 * network since the snapshot was written starts at its default.
 */
export function stateFromSnapshot<Network extends RegisteredNetwork>(
  registry: EmulatorRegistry<Network>,
  snapshot: EmulatorSnapshot,
  options: { world?: string; now?: () => number } = {},
): EmulatorState<Network> {
  const state = new EmulatorState({ registry, ...options });
  state.restoreUsers(snapshot.users);
  state.settings = { ...state.settings, ...snapshot.settings };
  state.credentials.load(snapshot.credentials);
  state.faults.load(snapshot.faults);
  state.published.load(snapshot.published);
  state.objects.load(snapshot.objects);
  state.rateWindows.load(snapshot.rateWindows);
  state.apps.load({ ...state.apps.toJSON(), ...snapshot.apps });
  state.apps.loadSetups({ ...state.apps.setupsToJSON(), ...snapshot.appSetups });
  return state;
}
