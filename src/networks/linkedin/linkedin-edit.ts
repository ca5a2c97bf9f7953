import { escapeLittleText, linkedInApiRules } from '../../contracts';
import type { EditOutcome, EditRefusal, EditRequest, TextEditing } from '../post-edits';
import { LinkedInApi, restPath } from './linkedin-api';

/**
 * A LinkedIn post's commentary, changed in place by a partial update of the Posts API
 * (`POST /rest/posts/{encoded urn}`, header `X-RestLi-Method: PARTIAL_UPDATE`, body
 * `{"patch":{"$set":{"commentary":…}}}`, answered 204; contracts/linkedin/api-rules.json
 * `posts.update`). The commentary is written as a new post's is (the little text format, every
 * reserved character escaped). Setting the same commentary twice changes nothing, so a retry after
 * a lost answer sends it again.
 */
export function linkedInTextEdits(api: (request: EditRequest) => LinkedInApi): TextEditing {
  return {
    refusal(): EditRefusal | undefined {
      return undefined;
    },
    async editText(request: EditRequest): Promise<EditOutcome> {
      const update = linkedInApiRules().posts.update;
      const response = await api(request).rest('POST', restPath('posts', request.platformPostId), {
        headers: { [update.methodHeader.name]: update.methodHeader.value },
        json: { patch: { $set: { commentary: escapeLittleText(request.text) } } },
      });
      if (response.status !== update.status)
        throw api(request).unexpected(`the partial update of a post answered ${response.status}, not ${update.status}`);
      return { platformPostId: request.platformPostId };
    },
  };
}
