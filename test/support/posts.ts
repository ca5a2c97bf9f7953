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
