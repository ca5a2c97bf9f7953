import { FieldTree, parseFields, projectFields } from '../graph/graph-fields';
import { instagramUserNode } from '../instagram/instagram-nodes';
import { accountMetric, postMetric } from '../metrics/emulated-metrics';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { issueToken } from '../state/token-factory';
import { TestFacebookPage } from './facebook-test-user';
import { FACEBOOK_TOKENS } from './facebook-tokens';

/** What /me/accounts answers when no `fields` are asked for. */
export const PAGE_DEFAULT_FIELDS = ['access_token', 'category', 'name', 'id', 'tasks'];

/**
 * The Page token a user token grants: one per grant and Page, reused on every listing. Made from
 * a long-lived user token it does not expire; from a short-lived one it dies with it.
 */
export function pageTokenFor(state: EmulatorState, userToken: IssuedToken, page: TestFacebookPage): IssuedToken {
  const existing = state.credentials
    .tokensOfGrant(userToken.grantId)
    .filter(
      (token) =>
        token.kind === FACEBOOK_TOKENS.page.kind &&
        token.subjectId === page.id &&
        token.lifetime === userToken.lifetime &&
        !token.invalidated,
    )
    .at(-1);
  if (existing) return existing;
  return issueToken(state, {
    network: 'facebook',
    kind: FACEBOOK_TOKENS.page,
    lifetime: userToken.lifetime,
    userId: userToken.userId,
    subjectId: page.id,
    clientId: userToken.clientId,
    scopes: userToken.scopes,
    grantId: userToken.grantId,
    ttlSeconds:
      userToken.lifetime === 'long' || userToken.expiresAt === undefined
        ? undefined
        : Math.max(1, Math.round((userToken.expiresAt - state.now()) / 1000)),
  });
}

/** A Page as a Graph node, seen with a user token (which reveals the Page token) or the Page's own token. */
export function pageNode(
  state: EmulatorState,
  page: TestFacebookPage,
  token: IssuedToken,
  fields: FieldTree,
): Record<string, unknown> {
  return projectFields(
    fields,
    {
      id: () => page.id,
      name: () => page.name,
      category: () => page.category,
      tasks: () => page.tasks,
      link: () => `https://www.facebook.com/${page.id}`,
      followers_count: () => accountMetric(state, 'facebook', page.id, 'followers_count', 2000),
      fan_count: () => accountMetric(state, 'facebook', page.id, 'fan_count', 1800),
      access_token: () => (token.kind === 'page' ? token.value : pageTokenFor(state, token, page).value),
      picture: (sub) => ({
        data: projectFields(
          sub ?? parseFields('url,height,width,is_silhouette', []),
          { url: () => page.pictureUrl, height: () => 50, width: () => 50, is_silhouette: () => false },
          'ProfilePictureSource',
        ),
      }),
      instagram_business_account: (sub) =>
        page.instagram
          ? instagramUserNode(state, page.instagram, sub ?? parseFields('id', []), {
              appScopedId: false,
              instagramHost: false,
            })
          : undefined,
    },
    'Page',
  );
}

export function facebookUserNode(userId: string, name: string, fields: FieldTree): Record<string, unknown> {
  return projectFields(fields, { id: () => userId, name: () => name }, 'User');
}

/**
 * The reactions and comments edges of a published post or video as fields
 * (`reactions.summary(total_count)`, `comments.summary(total_count)`), grown since publishing or as
 * a test set them. Both a Page post and a Video node have these edges.
 */
export function engagementEdges(state: EmulatorState, item: PublishedItem): Record<string, () => unknown> {
  const summary = (name: string, scale: number) => {
    const total = postMetric(state, 'facebook', item.postId, name, scale, item.publishedAt);
    return total === undefined ? undefined : { data: [], summary: { total_count: total } };
  };
  return { reactions: () => summary('reactions', 20), comments: () => summary('comments', 5) };
}

/** A post's engagement fields: its edges, and `shares` (a Post field), which Graph leaves out at zero. */
function engagementResolvers(state: EmulatorState, item: PublishedItem): Record<string, () => unknown> {
  return {
    ...engagementEdges(state, item),
    shares: () => {
      const shares = postMetric(state, 'facebook', item.postId, 'shares', 3, item.publishedAt);
      return shares ? { count: shares } : undefined;
    },
  };
}

/** A Page post, photo post or comment as a Graph node; with the state, a post answers its engagement too. */
export function facebookPostNode(
  item: PublishedItem,
  fields: FieldTree,
  state?: EmulatorState,
  /** For a reply: the comment it answers. */
  parentCommentId?: string,
): Record<string, unknown> {
  const createdTime = item.publishedAt.replace(/\.\d{3}Z$/, '+0000');
  return projectFields(
    fields,
    {
      id: () => item.postId,
      message: () => item.text || undefined,
      created_time: () => createdTime,
      permalink_url: () => item.permalink,
      from: () => (item.author ? { id: item.author.id, name: item.author.username } : { id: item.accountId }),
      parent: () => (parentCommentId ? { id: parentCommentId } : undefined),
      is_published: () => true,
      ...(state && !item.parentId ? engagementResolvers(state, item) : {}),
    },
    item.parentId ? 'Comment' : 'Post',
  );
}
