import { PatchPostBody } from '../dto/patch-post.body';
import { PostRequest } from '../post-request';
import { publishedPatchProblems } from './delivery-edit';

const request: PostRequest = {
  tenant_id: 't',
  accounts: ['acc_1'],
  containers: [
    { content: 'Fresh bread', media: [{ url: 'https://cdn.example.com/a.jpg' }] },
    { content: 'More below' },
  ],
  options: { x: { replySettings: 'following' } },
  scheduledAt: '2026-11-26T10:00:00.000Z',
};
const patch = (body: Record<string, unknown>) => body as PatchPostBody;
const fields = (body: Record<string, unknown>) => publishedPatchProblems(request, patch(body)).map((p) => p.field);

describe('publishedPatchProblems (what a patch of a published post may change)', () => {
  it("lets the first container's text change, alone", () => {
    expect(
      fields({
        containers: [
          { content: 'Fresh bread, every morning', media: [{ url: 'https://cdn.example.com/a.jpg' }] },
          { content: 'More below' },
        ],
      }),
    ).toEqual([]);
  });

  it('lets a field through that is given with the value the post has', () => {
    expect(fields({ accounts: ['acc_1'], options: { x: { replySettings: 'following' } } })).toEqual([]);
  });

  it('names every other field the patch would change', () => {
    expect(fields({ accounts: ['acc_2'], scheduledAt: null, accountOverrides: [] })).toEqual([
      'accountOverrides',
      'accounts',
      'scheduledAt',
    ]);
    // A post without a schedule: scheduledAt null is the value it has.
    const { scheduledAt: _, ...unscheduled } = request;
    expect(publishedPatchProblems(unscheduled as PostRequest, patch({ scheduledAt: null }))).toEqual([]);
    expect(fields({ scheduledAt: '2027-01-01T00:00:00.000Z', options: {} })).toEqual(['options', 'scheduledAt']);
  });

  it("names a medium changed, a thread's later text changed, and a container added or taken away", () => {
    expect(fields({ containers: [{ content: 'Fresh bread' }, { content: 'More below' }] })).toEqual([
      'containers[0].media',
    ]);
    expect(
      fields({
        containers: [
          { content: 'Fresh bread', media: [{ url: 'https://cdn.example.com/a.jpg' }] },
          { content: 'Even more below' },
        ],
      }),
    ).toEqual(['containers[1].content']);
    expect(fields({ containers: [{ content: 'Fresh bread' }] })).toEqual(['containers']);
  });
});
