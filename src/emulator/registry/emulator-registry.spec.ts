import Fastify, { FastifyInstance } from 'fastify';
import { EmulatorError } from '../http/emulator-error';
import { requestParams } from '../http/request-params';
import { emulatorPlugin } from '../emulator.plugin';
import { EmulatorState } from '../state/emulator-state';
import { TestUser } from '../state/test-users';
import { issueToken, newGrantId } from '../state/token-factory';
import { EmulatedNetworkDescriptor, ServingEmulatorState } from './emulated-network';
import { EmulatorRegistry } from './emulator-registry';

/** A network the emulator has never heard of, built only from a descriptor: nothing shared names it. */
type TootUser = TestUser & { toot?: { handle: string } };

class TootError extends EmulatorError {
  body() {
    return { toot_error: this.message, status: this.status };
  }
}

const TOOT_TOKEN = {
  kind: 'toot',
  prefix: 'TT',
  ttlSeconds: { long: 60 },
  rotation: 'reusable',
  about: 'A Toot user.',
} as const;

const tootEmulator: EmulatedNetworkDescriptor = {
  id: 'toot',
  title: 'Toot',
  aliases: ['mastotoot'],
  pathPrefix: '/toot',
  consent: {
    path: '/oauth/authorize',
    title: 'Toot',
    rules: {
      scopeSeparator: /\s+/,
      knownScopes: new Set(['write']),
      responseTypeOptional: false,
      pkce: false,
      granular: false,
    },
    codeLifetimeMs: 60_000,
    codePrefix: 'TC',
    subject: (user) => {
      const toot = (user as TootUser).toot;
      return toot ? { heading: 'Toot account', items: [`@${toot.handle}`] } : undefined;
    },
    approve: (url, code, state) => url.searchParams.set('code', `${code}:${state}`),
    deny: (url) => url.searchParams.set('error', 'no'),
  },
  routes: (scope, context) => {
    scope.get('/api/whoami', async (request) => {
      const params = requestParams(request);
      const check = context.state.credentials.check(params.token);
      if (!check.ok) throw new TootError(401, 'who are you?');
      return { handle: (context.state.findUser(check.token.userId) as TootUser).toot?.handle };
    });
  },
  errorShape: (_path, status, message) => new TootError(status, message),
  tokenKinds: [TOOT_TOKEN],
  testUser: {
    add: (user, input, problems) => {
      const toot = input.toot as { handle?: unknown } | undefined;
      if (toot === undefined) return;
      if (typeof toot.handle !== 'string') problems.push('toot.handle: must be a string');
      else (user as TootUser).toot = { handle: toot.handle };
    },
    seeds: { ada: { toot: { handle: 'ada' } } },
    accountIds: (user) => ((user as TootUser).toot ? [`toot:${(user as TootUser).toot!.handle}`] : []),
  },
  control: { routes: (scope) => void scope.get('/ping', async () => ({ pong: true })) },
};

describe('the emulator registry: a network is its descriptor', () => {
  let app: FastifyInstance;
  let state: ServingEmulatorState;

  beforeEach(async () => {
    state = new EmulatorState({ registry: new EmulatorRegistry([tootEmulator]) });
    app = Fastify();
    await app.register(emulatorPlugin, { prefix: '/emulator', state });
    await app.ready();
  });
  afterEach(() => app.close());

  it('mounts its routes below its prefix, and nothing of the built-in networks', async () => {
    const ada = state.findUser('ada')!;
    const token = issueToken(state, {
      network: 'toot',
      kind: TOOT_TOKEN,
      lifetime: 'long',
      userId: ada.id,
      subjectId: 'ada',
      clientId: 'c',
      scopes: ['write'],
      grantId: newGrantId(),
    });
    const response = await app.inject({ url: `/emulator/toot/api/whoami?token=${token.value}` });
    expect(response.json()).toEqual({ handle: 'ada' });
    expect(token.value.startsWith('TT')).toBe(true);
    expect((await app.inject({ url: '/emulator/facebook/graph/v25.0/me' })).statusCode).toBe(404);
  });

  it('answers its unknown paths, unreadable bodies and refusals in its own error shape', async () => {
    const unknown = await app.inject({ url: '/emulator/toot/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ toot_error: 'Unknown path components: /toot/nowhere', status: 404 });
    const unreadable = await app.inject({
      method: 'POST',
      url: '/emulator/toot/oauth/authorize',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(unreadable.json()).toMatchObject({ status: 400 });
    expect((await app.inject({ url: '/emulator/toot/api/whoami?token=forged' })).json()).toEqual({
      toot_error: 'who are you?',
      status: 401,
    });
  });

  it('seeds and creates test users with its parts through the control API, refusing bad ones', async () => {
    expect((await app.inject({ url: '/emulator/control/users' })).json().data).toEqual([
      { id: 'ada', name: 'Ada Emulator', toot: { handle: 'ada' } },
      { id: 'bob', name: 'Bob Emulator' },
    ]);
    const created = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'cora', name: 'Cora', toot: { handle: 'cora' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({ id: 'cora', name: 'Cora', toot: { handle: 'cora' } });
    const refused = await app.inject({
      method: 'POST',
      url: '/emulator/control/users',
      payload: { id: 'dan', name: 'Dan', toot: { handle: 7 } },
    });
    expect(refused.json().error.problems).toEqual(['toot.handle: must be a string']);
  });

  it('shows its consent page and issues codes for its users', async () => {
    const authorize = (user: string) =>
      app.inject({
        url: `/emulator/toot/oauth/authorize?client_id=c&redirect_uri=${encodeURIComponent('https://svc.test/cb')}&response_type=code&scope=write&state=s&emulator_auto=approve&emulator_user=${user}`,
      });
    const approved = new URL(String((await authorize('ada')).headers.location));
    expect(approved.searchParams.get('code')).toMatch(/^TC.+:s$/);
    const code = state.credentials.findCode(approved.searchParams.get('code')!.split(':')[0]);
    expect(code).toMatchObject({ network: 'toot', userId: 'ada', scopes: ['write'] });
    expect((await authorize('bob')).body).toContain('has no Toot account to share');
  });

  it('takes its id and aliases in faults and filters, lists it, and serves its control extras', async () => {
    const fault = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'mastotoot', fault: 'server_error' },
    });
    expect(fault.json().data).toMatchObject({ network: 'toot' });
    const wrong = await app.inject({
      method: 'POST',
      url: '/emulator/control/faults',
      payload: { network: 'facebook', fault: 'server_error' },
    });
    expect(wrong.json().error.problems).toEqual(['network: must be toot']);
    const networks = (await app.inject({ url: '/emulator/control/networks' })).json().data;
    expect(networks).toEqual([
      expect.objectContaining({
        id: 'toot',
        aliases: ['mastotoot'],
        consentPath: '/toot/oauth/authorize',
        tokenKinds: [expect.objectContaining({ kind: 'toot' })],
      }),
    ]);
    expect((await app.inject({ url: '/emulator/control/toot/ping' })).json()).toEqual({ pong: true });
  });

  it('refuses a network registered before one it depends on, and names claimed twice', () => {
    const rider: EmulatedNetworkDescriptor = {
      ...tootEmulator,
      id: 'rider',
      aliases: [],
      pathPrefix: '/rider',
      dependsOn: [{ network: 'toot' }],
    };
    expect(() => new EmulatorRegistry([rider, tootEmulator])).toThrow('must be registered before it');
    expect(new EmulatorRegistry([tootEmulator, rider]).ids).toEqual(['toot', 'rider']);
    expect(() => new EmulatorRegistry([tootEmulator, { ...rider, aliases: ['mastotoot'] }])).toThrow(
      'claim the name "mastotoot"',
    );
    expect(() => new EmulatorRegistry([tootEmulator, { ...rider, pathPrefix: '/toot' }])).toThrow('is taken');
  });
});
