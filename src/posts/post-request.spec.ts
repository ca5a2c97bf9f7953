import { nullProblems, patchedFields, patchedRequest, PostRequest } from './post-request';
import type { PatchPostBody } from './dto/patch-post.body';

const request: PostRequest = {
  tenant_id: 't-1',
  accounts: ['acc_1'],
  containers: [{ content: 'Before' }],
  scheduledAt: '2030-01-01T00:00:00Z',
  draft: true,
};

describe('patchedRequest', () => {
  it('replaces each field the patch gives, whole, and keeps the others (tenant and draft are the post own)', () => {
    const patch = { containers: [{ content: 'After' }], accounts: ['acc_2', 'acc_3'] } as PatchPostBody;
    expect(patchedRequest(request, patch)).toEqual({
      ...request,
      containers: [{ content: 'After' }],
      accounts: ['acc_2', 'acc_3'],
    });
    expect(patchedFields(patch)).toEqual(['containers', 'accounts']);
  });

  it('takes the schedule away for scheduledAt: null, and leaves the request it was given unchanged', () => {
    const patched = patchedRequest(request, { scheduledAt: null } as unknown as PatchPostBody);
    expect('scheduledAt' in patched).toBe(false);
    expect(request.scheduledAt).toBe('2030-01-01T00:00:00Z');
  });

  it('allows a null for scheduledAt only', () => {
    expect(nullProblems({ scheduledAt: null } as unknown as PatchPostBody)).toEqual([]);
    expect(
      nullProblems({ accounts: null, containers: null } as unknown as PatchPostBody).map((problem) => problem.field),
    ).toEqual(['containers', 'accounts']);
  });
});
