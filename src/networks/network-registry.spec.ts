import { NetworkAdapter } from './network-adapter';
import { NetworkRegistry, UnknownNetworkError } from './network-registry';

function adapter(id: string, aliases: string[] = [], displayName = id): NetworkAdapter {
  const unused = () => {
    throw new Error('not used here');
  };
  return {
    id,
    aliases,
    displayName,
    emulated: false,
    serviceApp: undefined,
    revokeScope: 'account',
    permissionNeeds: {},
    capabilities: {
      text: { maxLength: null, counting: 'utf16', maxHashtags: null, maxMentions: null },
      placements: {},
      defaultPlacement: 'feed',
      placementOption: null,
      thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
    },
    mediaLimits: { size: {}, video: { minMs: 0, maxMs: 0 } },
    metricNames: { post: [], account: [] },
    refreshAheadMs: 0,
    authorizeUrl: unused,
    exchangeCode: unused,
    listSelectable: unused,
    revoke: unused,
    refresh: unused,
    validate: unused,
    publish: unused,
    postMetrics: unused,
    accountMetrics: unused,
  };
}

describe('NetworkRegistry', () => {
  const registry = new NetworkRegistry([adapter('facebook'), adapter('x', ['twitter'])]);

  it('finds adapters by id and alias, in any case, and lists the ids it emits', () => {
    expect(registry.get('x').id).toBe('x');
    expect(registry.get('Twitter').id).toBe('x');
    expect(registry.find('FACEBOOK')?.id).toBe('facebook');
    expect(registry.ids).toEqual(['facebook', 'x']);
  });

  it('throws a plain UnknownNetworkError listing the supported ids for an unknown network (no HTTP status: the controller gives that)', () => {
    expect(() => registry.get('myspace')).toThrow(UnknownNetworkError);
    expect(() => registry.get('myspace')).toThrow('Unknown network "myspace". Supported: facebook, x');
  });

  it('refuses to start with two adapters claiming one id or alias', () => {
    expect(() => new NetworkRegistry([adapter('x', [], 'X'), adapter('x', [], 'Other X')])).toThrow(
      'Two network adapters claim the id "x"',
    );
    expect(() => new NetworkRegistry([adapter('x', ['twitter']), adapter('twitter')])).toThrow(
      'claim the id "twitter"',
    );
  });
});
