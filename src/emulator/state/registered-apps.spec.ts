import { EMULATOR_APP } from '../../networks/network-settings';
import { RegisteredApps } from './registered-apps';

describe('RegisteredApps', () => {
  it("knows the emulator's own app and refuses another secret for it", () => {
    const apps = new RegisteredApps();
    expect(apps.verify(EMULATOR_APP.clientId, EMULATOR_APP.clientSecret)).toBe(true);
    expect(apps.verify(EMULATOR_APP.clientId, 'guess')).toBe(false);
    expect(apps.verify(EMULATOR_APP.clientId, undefined)).toBe(false);
  });

  it('registers an unknown app with the secret it first presents, then holds it to that secret', () => {
    const apps = new RegisteredApps();
    expect(apps.verify('own-app', 'first-secret')).toBe(true);
    expect(apps.verify('own-app', 'first-secret')).toBe(true);
    expect(apps.verify('own-app', 'other-secret')).toBe(false);
  });

  it('takes an explicit registration, and forgets everything but its own app on reset', () => {
    const apps = new RegisteredApps();
    apps.register('console-app', 'console-secret');
    expect(apps.verify('console-app', 'wrong')).toBe(false);
    apps.clear();
    expect(apps.verify('console-app', 'anything')).toBe(true);
    expect(apps.verify(EMULATOR_APP.clientId, 'anything')).toBe(false);
  });
});
