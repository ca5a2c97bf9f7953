import { ApiException } from '../common/errors/api-exception';
import { NetworkAdapter } from './network-adapter';
import { NetworkRegistry } from './network-registry';

function adapter(id: string, aliases: string[] = [], displayName = id): NetworkAdapter {
  const unused = () => {
    throw new Error('not used here');
  };
  return { id, aliases, displayName, emulated: false, serviceApp: undefined, revokeScope: 'account', refreshAheadMs: 0, authorizeUrl: unused, exchangeCode: unused, listSelectable: unused, revoke: unused, refresh: unused, validate: unused, publish: unused };
}

describe('NetworkRegistry', () => {
  const registry = new NetworkRegistry([adapter('facebook'), adapter('x', ['twitter'])]);

  it('finds adapters by id and alias, in any case, and lists the ids it emits', () => {
    expect(registry.get('x').id).toBe('x');
    expect(registry.get('Twitter').id).toBe('x');
    expect(registry.find('FACEBOOK')?.id).toBe('facebook');
    expect(registry.ids).toEqual(['facebook', 'x']);
  });

  it('answers an unknown network with a 404 unknown_network listing the supported ids', () => {
    expect(() => registry.get('myspace')).toThrow(ApiException);
    try {
      registry.get('myspace');
    } catch (error) {
      expect(error).toMatchObject({ code: 'unknown_network', status: 404 });
      expect((error as Error).message).toContain('facebook, x');
    }
  });

  it('refuses to start with two adapters claiming one id or alias', () => {
    expect(() => new NetworkRegistry([adapter('x', [], 'X'), adapter('x', [], 'Other X')])).toThrow('Two network adapters claim the id "x"');
    expect(() => new NetworkRegistry([adapter('x', ['twitter']), adapter('twitter')])).toThrow('claim the id "twitter"');
  });
});
