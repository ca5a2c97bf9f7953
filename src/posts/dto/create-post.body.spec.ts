import { ApiException } from '../../common/errors/api-exception';
import { createValidationPipe } from '../../common/http/validation.pipe';
import { CreatePostBody } from './create-post.body';

/** The body through the service's own pipe: what a 400 names, and what it lets through for the networks' rules (a 422). */
async function pipe(value: Record<string, unknown>): Promise<{ body?: CreatePostBody; fields?: string[] }> {
  try {
    const body = (await createValidationPipe().transform(
      { tenant_id: 'tenant-1', accounts: ['acc_1'], containers: [{ content: 'hi' }], ...value },
      { type: 'body', metatype: CreatePostBody },
    )) as CreatePostBody;
    return { body };
  } catch (error) {
    if (error instanceof ApiException) return { fields: (error.details ?? []).map((detail) => detail.field) };
    throw error;
  }
}

describe('CreatePostBody: options and accountOverrides', () => {
  it("lets option values through for the network's rules to judge (a 422 there), whatever their form", async () => {
    const { body, fields } = await pipe({
      options: { x: { poll: { options: ['a'], durationMinutes: 'soon' }, replySettings: 'friends', quotePostId: 12 } },
      accountOverrides: [{ account: 'acc_1', options: { placement: 'story' } }],
    });
    expect(fields).toBeUndefined();
    expect(body?.options?.x).toMatchObject({
      poll: { options: ['a'], durationMinutes: 'soon' },
      replySettings: 'friends',
    });
    expect(body?.accountOverrides?.[0]?.options).toEqual({ placement: 'story' });
  });

  it('checks the containers of a network and of an override as the post’s, naming their path', async () => {
    expect(
      (
        await pipe({
          options: { x: { containers: [{ content: 5 }] } },
          accountOverrides: [{ account: 'acc_1', containers: [] }],
        })
      ).fields,
    ).toEqual(['options.x.containers[0].content', 'accountOverrides[0].containers']);
  });

  it('refuses an unknown option name of options.<network>, an unknown network and an override without its account', async () => {
    expect((await pipe({ options: { x: { pol: {} } } })).fields).toEqual(['options.x.pol']);
    expect((await pipe({ options: { myspace: {} } })).fields).toEqual(['options.myspace']);
    expect((await pipe({ accountOverrides: [{ containers: [{ content: 'hi' }] }] })).fields).toEqual([
      'accountOverrides[0].account',
    ]);
    expect((await pipe({ options: [] })).fields).toEqual(['options']);
  });
});
