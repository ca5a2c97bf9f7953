import { FastifyInstance } from 'fastify';
import { ControlError, objectBody } from '../control/control-error';
import { EmulatorContext } from '../emulator-context';
import { subscriptionField } from './x-test-user';

/**
 * X's own control endpoints, below /control/x/. `PUT /control/x/subscription` `{ userId,
 * subscriptionType }`: the test user's X subscription changes, as when the user subscribes or
 * lapses on x.com; `GET /2/users/me` and the tweet length limit follow from the next call on.
 */
export function registerXControl(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.put('/subscription', async (request) => {
    const body = objectBody(request.body);
    const user = typeof body.userId === 'string' ? state.findUser(body.userId) : undefined;
    if (!user?.x) throw new ControlError('userId must name a test user with an X profile.');
    const problems: string[] = [];
    const subscriptionType = subscriptionField(body.subscriptionType ?? '', 'subscriptionType', problems);
    if (problems.length) throw new ControlError('Invalid subscription.', problems);
    user.x.subscriptionType = subscriptionType;
    return { data: { userId: user.id, xUserId: user.x.id, subscriptionType } };
  });
}
