import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { accountIdsOf } from '../state/test-user-factory';
import { parseSettingsPatch } from '../state/settings-of-networks';
import { describeNetwork } from './describe-network';
import { ControlError, objectBody } from './control-error';
import { registerMetricsControl } from './metrics-control';
import { parseAppRegistration } from './parse-app';
import { parseFault } from './parse-fault';
import { parseTestUser } from './parse-test-user';
import { addThirdPartyComment } from './third-party-comment';

type Filter = { Querystring: { network?: string; accountId?: string } };

/** The id of the network a filter names (by id or alias); undefined for no filter. */
function networkFilter(state: EmulatorState, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const network = state.registry.find(value);
  if (!network) throw new ControlError(`network must be one of ${state.registry.ids.join(', ')}`);
  return network.id;
}

/**
 * JSON control API for tests and scripts: reset, the published record, faults, settings, test
 * users, token age, the networks served, and each network's own endpoints.
 */
export async function controlPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  const { state } = context;

  fastify.post('/reset', async () => {
    state.reset();
    return { reset: true };
  });

  fastify.get<Filter>('/published', async (request) => ({
    data: state.published.list({
      network: networkFilter(state, request.query.network),
      accountId: request.query.accountId || undefined,
    }),
  }));

  // A comment by someone other than the account, under a published object.
  fastify.post('/comments', async (request, reply) =>
    reply.status(201).send({ data: addThirdPartyComment(context, request.body) }),
  );

  fastify.get('/faults', async () => ({ data: state.faults.list() }));

  fastify.post('/faults', async (request, reply) =>
    reply.status(201).send({ data: state.faults.add(parseFault(state, request.body)) }),
  );

  fastify.delete<Filter>('/faults', async (request) => ({
    cleared: state.faults.clear({
      network: networkFilter(state, request.query.network),
      accountId: request.query.accountId || undefined,
    }),
  }));

  fastify.get('/settings', async () => ({ data: state.settings }));

  fastify.put('/settings', async (request) => {
    const parsed = parseSettingsPatch(state.registry.networks, request.body);
    if (!parsed.ok) throw new ControlError('Invalid settings.', parsed.problems);
    state.settings = { ...state.settings, ...parsed.patch };
    return { data: state.settings };
  });

  // Registers an app with its secret, as in a network's developer console; token endpoints then refuse
  // any other secret. Optionally set up as Meta's console does: Facebook Login for Business
  // configurations (the dialog's config_id) and "Require App Secret" (Graph calls need appsecret_proof).
  fastify.post('/apps', async (request, reply) => {
    const app = parseAppRegistration(request.body);
    state.apps.register(app.clientId, app.clientSecret, app.setup);
    return reply.status(201).send({ data: { clientId: app.clientId, ...app.setup } });
  });

  fastify.get('/users', async () => ({ data: state.listUsers() }));

  fastify.post('/users', async (request, reply) => {
    const user = parseTestUser(state, request.body);
    if (accountIdsOf(state.registry, user).some((id) => state.usersHolding(id).length > 0))
      throw new ControlError('Generated ids collided; retry.', [], 409);
    state.addUser(user);
    return reply.status(201).send({ data: user });
  });

  // Makes issued tokens and codes look older, to reach the 24-hour refresh rule or an expiry without waiting.
  fastify.post('/age-tokens', async (request) => {
    const body = objectBody(request.body);
    const seconds = body.seconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > 400 * 86400)
      throw new ControlError('seconds must be a positive integer (at most 400 days).');
    const network = body.network === undefined ? undefined : networkFilter(state, String(body.network));
    return { aged: state.credentials.age(seconds, (candidate) => network === undefined || candidate === network) };
  });

  // A permission the user takes back in the network's settings after connecting: every token of that
  // test user on that network loses it, so the network refuses what needed it from then on.
  fastify.post('/withdraw-permission', async (request) => {
    const body = objectBody(request.body);
    const network = networkFilter(state, typeof body.network === 'string' ? body.network : '');
    if (!network) throw new ControlError(`network must be one of ${state.registry.ids.join(', ')}`);
    if (typeof body.userId !== 'string' || !state.findUser(body.userId))
      throw new ControlError('userId must name a test user.');
    if (typeof body.permission !== 'string' || !body.permission) throw new ControlError('permission is required.');
    const userId = body.userId;
    const withdrawn = state.credentials.withdrawScope(
      (token) => token.network === network && token.userId === userId,
      body.permission,
    );
    return { data: { withdrawn } };
  });

  registerMetricsControl(fastify, context);

  fastify.get('/networks', async () => ({ data: state.registry.networks.map(describeNetwork) }));

  // A network's own control endpoints, below /control/<id>/.
  for (const network of state.registry.networks) {
    const routes = network.control?.routes;
    if (routes) await fastify.register(async (scope) => routes(scope, context), { prefix: `/${network.id}` });
  }
}
