import request from 'supertest';
import { PostView } from '../../src/posts/dto/post.view';
import { TestApp, TestCustomer } from './test-app';
import { until } from './until';

export interface PostBody {
  tenant_id: string;
  accounts: string[];
  containers: Array<{ content?: string; media?: Array<{ url: string }> }>;
  scheduledAt?: string;
}

export function createPost(t: TestApp, customer: TestCustomer, body: unknown, idempotencyKey?: string): request.Test {
  const call = request(t.server).post('/api/v1/posts').set('Authorization', `Bearer ${customer.apiKey}`);
  if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
  return call.send(body as object);
}

export function getPost(t: TestApp, customer: TestCustomer, id: string): request.Test {
  return request(t.server).get(`/api/v1/posts/${id}`).set('Authorization', `Bearer ${customer.apiKey}`);
}

const SETTLED = ['published', 'partially_published', 'failed', 'canceled'];

/** Polls the post until every delivery has settled (or the time runs out), and returns it. */
export async function settledPost(
  t: TestApp,
  customer: TestCustomer,
  id: string,
  timeoutMs = 30_000,
): Promise<PostView> {
  let last: PostView | undefined;
  const settled = async () => {
    last = (await getPost(t, customer, id)).body.data as PostView;
    return SETTLED.includes(last.status) && last;
  };
  try {
    return await until(`post ${id} to settle`, settled, timeoutMs, 200);
  } catch (error) {
    // Timed out: the last state is answered, for the test's own assertion to show it.
    if (last && error instanceof Error && error.message.startsWith('Timed out')) return last;
    throw error;
  }
}

/** Creates the post (which must be accepted: 202) and waits until every delivery has settled. */
export async function publishSettled(
  t: TestApp,
  customer: TestCustomer,
  body: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<PostView> {
  const accepted = await createPost(t, customer, body);
  if (accepted.status !== 202)
    throw new Error(`The post was not accepted (${accepted.status}): ${JSON.stringify(accepted.body)}`);
  return settledPost(t, customer, (accepted.body.data as PostView).id, timeoutMs);
}

/** A delivery as the pipeline keeps it, for the tests of its retries. */
export interface DeliveryRow {
  status: string;
  error_code: string | null;
  due_at: Date | null;
}

/** Waits until the delivery waits (pending) for a retry after `errorCode`, and answers its row. */
export function awaitingRetry(t: TestApp, deliveryId: string, errorCode: string): Promise<DeliveryRow> {
  return until(`delivery ${deliveryId} to wait for a retry after ${errorCode}`, async () => {
    const [row] = await t.db.query<DeliveryRow>('SELECT status, error_code, due_at FROM deliveries WHERE id = $1', [
      deliveryId,
    ]);
    // A transient failure stays `publishing` (its next attempt looks on the network first); a wait for a window is `pending`.
    return (row?.status === 'pending' || row?.status === 'publishing') && row.error_code === errorCode && row;
  });
}

/** Makes the delivery due now: the test's stand-in for the clock reaching the retry it waits for. */
export async function makeDueNow(t: TestApp, deliveryId: string): Promise<void> {
  await t.db.query('UPDATE deliveries SET due_at = now() WHERE id = $1', [deliveryId]);
}
