import { featuresOfPost, lackedFor, missingPermissions, PermissionNeeds } from './account-permissions';
import { instagramPermissionNeeds } from './instagram/instagram-permissions';

const NEEDS: PermissionNeeds = {
  publish: [['write', 'read']],
  thread: [['comment'], ['comment_v2', 'read']],
};

describe('account permissions', () => {
  it('needs nothing for a feature the network does not list', () => {
    expect(lackedFor(NEEDS, 'metrics', [])).toEqual([]);
  });

  it('names what an alternative lacks, the nearest alternative first', () => {
    expect(lackedFor(NEEDS, 'publish', ['read'])).toEqual(['write']);
    expect(lackedFor(NEEDS, 'thread', ['read'])).toEqual(['comment']);
    expect(lackedFor(NEEDS, 'thread', ['read', 'comment_v2'])).toEqual([]);
    expect(lackedFor(NEEDS, 'thread', [])).toEqual(['comment']);
  });

  it('lists every feature the account cannot use, in a stable order', () => {
    expect(missingPermissions(NEEDS, ['read'])).toEqual([
      { feature: 'publish', permissions: ['write'] },
      { feature: 'thread', permissions: ['comment'] },
    ]);
    expect(missingPermissions(NEEDS, ['read', 'write', 'comment'])).toEqual([]);
  });

  it("names Instagram's permissions as the accounts' login grants them", () => {
    const facebookLogin = [
      'instagram_basic',
      'instagram_content_publish',
      'instagram_manage_comments',
      'pages_show_list',
      'pages_read_engagement',
    ];
    expect(missingPermissions(instagramPermissionNeeds('facebook'), facebookLogin)).toEqual([
      { feature: 'metrics', permissions: ['instagram_manage_insights'] },
      { feature: 'unpublish', permissions: ['instagram_manage_contents'] },
    ]);
    // Every Instagram call through Facebook Login but deleting names pages_read_engagement: declined, none works.
    const withoutPageReads = [
      ...facebookLogin.filter((permission) => permission !== 'pages_read_engagement'),
      'instagram_manage_insights',
      'instagram_manage_contents',
    ];
    expect(
      missingPermissions(instagramPermissionNeeds('facebook'), withoutPageReads).map(({ feature }) => feature),
    ).toEqual(['publish', 'thread', 'read_comments', 'answer_comments', 'metrics']);
    const instagramLogin = ['instagram_business_basic', 'instagram_business_content_publish'];
    expect(missingPermissions(instagramPermissionNeeds('instagram'), instagramLogin)).toEqual([
      { feature: 'thread', permissions: ['instagram_business_manage_comments'] },
      { feature: 'read_comments', permissions: ['instagram_business_manage_comments'] },
      { feature: 'answer_comments', permissions: ['instagram_business_manage_comments'] },
      { feature: 'metrics', permissions: ['instagram_business_manage_insights'] },
    ]);
  });

  it('tells the features a post uses from its containers', () => {
    expect(featuresOfPost([{ media: [] }])).toEqual(['publish']);
    expect(featuresOfPost([{ media: [{ kind: 'image' }] }, { media: [] }])).toEqual(['publish', 'media', 'thread']);
    expect(featuresOfPost([{ media: [{ kind: 'video' }] }])).toEqual(['publish', 'media', 'video']);
  });
});
