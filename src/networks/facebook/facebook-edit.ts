import { isRecord } from '../http/json-fields';
import { GraphApi } from '../graph/graph-api';
import { graphPost, node } from '../graph/graph-publishing';
import type { EditableDelivery, EditOutcome, EditRefusal, EditRequest, TextEditing } from '../post-edits';
import { readFacebookProgress } from './facebook-progress';

/**
 * A Page post's message, changed in place: `POST /{page-post-id}` with `message` (the `#update` API of
 * Meta's PagePost spec, contracts/meta/specs/PagePost.json), with the Page token; Graph answers
 * `{"success": true}` and the post keeps its id. Setting the same message twice changes nothing, so
 * a retry after a lost answer simply sends it again.
 *
 * A video or a reel (or a video story) is a Video node, not a PagePost: its text is not a `message`,
 * so it is refused as not supported rather than sent where Graph would refuse it.
 */
export function facebookTextEdits(graph: (request: EditRequest) => GraphApi): TextEditing {
  return {
    refusal(delivery: EditableDelivery): EditRefusal | undefined {
      const progress = readFacebookProgress(delivery.progress);
      if (progress.videoId || progress.placementVideoId)
        return {
          code: 'edit_not_supported',
          message: "Facebook edits a Page post's message only; a video, a reel or a story keeps its text",
        };
      return undefined;
    },
    async editText(request: EditRequest): Promise<EditOutcome> {
      const api = graph(request);
      const body = await graphPost(api, node(request.platformPostId), request.tokens.accessToken, {
        message: request.text,
      });
      if (!isRecord(body) || body.success !== true)
        throw api.unexpected('no "success": true in the answer to POST /{page-post-id}');
      return { platformPostId: request.platformPostId };
    },
  };
}
