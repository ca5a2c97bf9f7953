import { GraphHost } from '../graph/graph-access';
import { FACEBOOK_PHOTOS, FACEBOOK_VIDEOS } from '../facebook/facebook-stored-objects';
import { findPage } from '../facebook/facebook-test-user';
import { INSTAGRAM_CONTAINERS } from '../instagram/instagram-stored-objects';
import { findInstagramAccount } from '../instagram/instagram-test-user';
import { EmulatorState } from '../state/emulator-state';

/**
 * The Graph node type (the names of Meta's specs) an id stands for on a host, as the real Graph
 * knows it from the object: `me` is the token's subject. Undefined for an id the emulator does not
 * hold, which its route answers as Graph does (unknown object).
 */
export function graphNodeType(
  state: EmulatorState,
  host: GraphHost,
  id: string,
  tokenValue: string | undefined,
): string | undefined {
  if (id === 'me') {
    const kind = tokenValue ? state.credentials.findToken(tokenValue)?.kind : undefined;
    if (host === 'instagram') return 'IGUserForIGOnlyAPI';
    return kind === 'page' ? 'Page' : 'User';
  }
  if (host === 'facebook' && findPage(state, id)) return 'Page';
  if (findInstagramAccount(state, id)) return host === 'instagram' ? 'IGUserForIGOnlyAPI' : 'IGUser';
  if (state.objects.of(INSTAGRAM_CONTAINERS).has(id)) return 'ShadowIGMediaBuilder';
  // A deleted object is no node at all: Graph answers it as unknown, whatever the token may do.
  const instagram = state.published.find('instagram', id);
  if (instagram?.deletedAt) return undefined;
  if (instagram) return instagram.parentId ? 'IGComment' : host === 'instagram' ? 'IGMediaForIGOnlyAPI' : 'IGMedia';
  if (host === 'instagram') return undefined;
  const post = state.published.find('facebook', id);
  if (post?.deletedAt) return undefined;
  if (state.objects.of(FACEBOOK_VIDEOS).has(id)) return 'AdVideo';
  if (state.objects.of(FACEBOOK_PHOTOS).has(id)) return 'Photo';
  if (!post) return undefined;
  return post.parentId ? 'Comment' : 'PagePost';
}
