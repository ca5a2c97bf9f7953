import { GraphContract, GraphPermissionQuery } from '../../contracts';
import { AccountFeature, PermissionNeeds } from '../account-permissions';
import { FACEBOOK_PERMISSION_NEEDS } from '../facebook/facebook-permissions';
import { instagramPermissionNeeds } from '../instagram/instagram-permissions';

/**
 * Permissions are stated twice: per feature (what the service checks before it calls, *-permissions.ts)
 * and per Graph call (contracts/meta/permissions.json, what the emulator enforces, from Meta's
 * reference pages). This ties them: an account holding exactly what a feature's check asks for, plus
 * what connecting itself takes, passes the table for every call that feature makes. A feature check
 * weaker than the table would let a post through our check only to be refused by the network.
 */

type Login = GraphPermissionQuery['login'];
type Call = Pick<GraphPermissionQuery, 'node' | 'method' | 'edge'>;

const call = (node: string, method: string, edge: string | null = null): Call => ({ node, method, edge });

/** What an account holds once connected at all: listing its Pages or reading its profile is how it was found. */
const CONNECTED: Record<Login, readonly string[]> = {
  facebook: ['pages_show_list'],
  instagram_facebook_login: ['pages_show_list'],
  instagram_login: ['instagram_business_basic'],
};

/** The Graph calls each feature makes, per login (the adapters' own calls). */
const FACEBOOK_CALLS: Partial<Record<AccountFeature, Call[]>> = {
  // Reels and stories are published under `publish` too: their guides ask pages_manage_posts, not publish_video.
  publish: [
    call('Page', 'POST', 'feed'),
    call('Page', 'POST', 'photos'),
    call('Page', 'POST', 'video_reels'),
    call('Page', 'POST', 'video_stories'),
    call('Page', 'POST', 'photo_stories'),
    call('Page', 'GET', 'stories'),
  ],
  video: [call('Page', 'POST', 'videos')],
  thread: [call('PagePost', 'POST', 'comments')],
  read_comments: [call('PagePost', 'GET', 'comments'), call('Comment', 'GET', 'comments')],
  answer_comments: [call('PagePost', 'POST', 'comments'), call('Comment', 'POST', 'comments')],
  metrics: [call('PagePost', 'GET', 'insights')],
  unpublish: [call('PagePost', 'DELETE')],
};

const INSTAGRAM_FACEBOOK_LOGIN_CALLS: Partial<Record<AccountFeature, Call[]>> = {
  publish: [
    call('IGUser', 'POST', 'media'),
    call('IGUser', 'POST', 'media_publish'),
    call('IGUser', 'GET', 'content_publishing_limit'),
  ],
  thread: [call('IGMedia', 'POST', 'comments')],
  read_comments: [call('IGMedia', 'GET', 'comments'), call('IGComment', 'GET', 'replies')],
  answer_comments: [call('IGComment', 'POST', 'replies')],
  metrics: [call('IGMedia', 'GET', 'insights')],
  unpublish: [call('IGMedia', 'DELETE')],
};

const INSTAGRAM_LOGIN_CALLS: Partial<Record<AccountFeature, Call[]>> = {
  publish: [
    call('IGUserForIGOnlyAPI', 'POST', 'media'),
    call('IGUserForIGOnlyAPI', 'POST', 'media_publish'),
    call('IGUserForIGOnlyAPI', 'GET', 'content_publishing_limit'),
  ],
  thread: [call('IGMediaForIGOnlyAPI', 'POST', 'comments')],
  read_comments: [call('IGMediaForIGOnlyAPI', 'GET', 'comments'), call('IGComment', 'GET', 'replies')],
  answer_comments: [call('IGComment', 'POST', 'replies')],
  metrics: [call('IGMediaForIGOnlyAPI', 'GET', 'insights')],
};

/** A feature used within a post also has the post published: its check runs beside publish's. */
const WITH_PUBLISH: ReadonlySet<AccountFeature> = new Set(['video', 'thread']);

function cases(login: Login, needs: PermissionNeeds, calls: Partial<Record<AccountFeature, Call[]>>) {
  return Object.entries(calls).flatMap(([feature, featureCalls]) =>
    featureCalls!.map((c) => ({ login, needs, feature: feature as AccountFeature, call: c })),
  );
}

/** Every grant that meets each of `features` by one of its alternatives, beside what connecting took. */
function grantsMeeting(features: AccountFeature[], needs: PermissionNeeds, connected: readonly string[]): string[][] {
  let grants: string[][] = [[...connected]];
  for (const feature of features) {
    const alternatives = needs[feature] ?? [[]];
    grants = grants.flatMap((grant) => alternatives.map((alternative) => [...grant, ...alternative]));
  }
  return grants;
}

const network = (login: Login) => (login === 'facebook' ? 'facebook' : 'instagram');

describe("the features' permission checks against the table of Graph calls", () => {
  const contract = GraphContract.load();

  it.each([
    ...cases('facebook', FACEBOOK_PERMISSION_NEEDS, FACEBOOK_CALLS),
    ...cases('instagram_facebook_login', instagramPermissionNeeds('facebook'), INSTAGRAM_FACEBOOK_LOGIN_CALLS),
    ...cases('instagram_login', instagramPermissionNeeds('instagram'), INSTAGRAM_LOGIN_CALLS),
  ])('$login $feature: $call.method $call.node/$call.edge', ({ login, needs, feature, call: graphCall }) => {
    const query = { ...graphCall, login };
    // The table has a row for the call: a missing row would pass any grant and prove nothing.
    expect(contract.requiredPermissions(query)).toBeDefined();
    const checked = [feature, ...(WITH_PUBLISH.has(feature) ? (['publish'] as const) : [])];
    for (const granted of grantsMeeting(checked, needs, CONNECTED[login])) {
      expect(contract.checkPermissions({ ...query, network: network(login), granted })).toEqual([]);
    }
  });

  it('would notice a feature check weaker than the table', () => {
    const query = { ...call('Page', 'POST', 'feed'), login: 'facebook' as const };
    expect(
      contract.checkPermissions({ ...query, network: 'facebook', granted: ['pages_show_list', 'pages_manage_posts'] }),
    ).not.toEqual([]);
  });
});
