import { randomBytes } from 'node:crypto';
import { KeyRing } from '../../common/crypto/key-ring';
import { loadConfig } from '../../config/load-config';
import { OWN_CALLER_HEADER, OwnEmulatorCaller } from './own-emulator-caller';

const config = loadConfig({ PUBLIC_URL: 'https://publish.example.com' });
const caller = (key = randomBytes(32)) => new OwnEmulatorCaller(config, new KeyRing({ id: 'k1', key }));

describe('OwnEmulatorCaller', () => {
  it("marks calls to the service's own emulator only", () => {
    const own = caller();
    const mark = own.headersFor('https://publish.example.com/emulator/x/api/2/tweets')[OWN_CALLER_HEADER];
    expect(mark).toMatch(/^[\w-]{43}$/);
    expect(own.isOwn(mark)).toBe(true);
    expect(own.headersFor('https://api.x.com/2/tweets')).toEqual({});
    expect(own.headersFor('https://publish.example.com/emulatorx/2/tweets')).toEqual({});
    expect(own.headersFor('https://publish.example.com.evil.test/emulator/x')).toEqual({});
  });

  it('takes no other mark: another key, a prefix, none, or several', () => {
    const own = caller();
    const mark = own.headersFor('https://publish.example.com/emulator/x')[OWN_CALLER_HEADER]!;
    const stranger = caller().headersFor('https://publish.example.com/emulator/x')[OWN_CALLER_HEADER];
    expect(own.isOwn(stranger)).toBe(false);
    expect(own.isOwn(mark.slice(0, -1))).toBe(false);
    expect(own.isOwn(undefined)).toBe(false);
    expect(own.isOwn([mark, mark])).toBe(false);
  });

  it('marks nothing and takes nothing for own without encryption keys', () => {
    const keyless = new OwnEmulatorCaller(config);
    expect(keyless.headersFor('https://publish.example.com/emulator/x')).toEqual({});
    expect(keyless.isOwn('')).toBe(false);
  });
});
