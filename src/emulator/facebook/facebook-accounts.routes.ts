import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { parseFields } from '../graph/graph-fields';
import { graphPage } from '../graph/graph-paging';
import { hasScope } from '../graph/graph-scopes';
import { requestParams } from '../http/request-params';
import { facebookUserNode, PAGE_DEFAULT_FIELDS, pageNode } from './facebook-nodes';
import { findPage } from './facebook-test-user';

/** Who a Facebook token speaks for: `/me` (the user, or the Page for a Page token) and `/me/accounts`. */
export function registerFacebookAccountRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  const authenticate = async (request: FastifyRequest) => {
    const params = requestParams(request);
    const token = requireGraphCall(state, 'facebook', request, params);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: token.subjectId }]);
    return { params, token };
  };

  fastify.get('/me', async (request) => {
    const { params, token } = await authenticate(request);
    if (token.kind === 'page') {
      const found = findPage(state, token.subjectId);
      if (!found) throw graphErrors.unparsableToken();
      return pageNode(state, found.page, token, parseFields(params.fields, ['id', 'name']));
    }
    const user = state.findUser(token.userId);
    if (!user) throw graphErrors.unparsableToken();
    return facebookUserNode(user.facebookUserId, user.name, parseFields(params.fields, ['id', 'name']));
  });

  fastify.get('/me/accounts', async (request) => {
    const { params, token } = await authenticate(request);
    if (token.kind !== 'user') throw graphErrors.unknownField('accounts', 'Page');
    const user = state.findUser(token.userId);
    if (!user) throw graphErrors.unparsableToken();
    // Without pages_show_list the edge is simply empty, as on the real Graph.
    const pages = hasScope(token, 'pages_show_list') ? user.pages : [];
    const fields = parseFields(params.fields, PAGE_DEFAULT_FIELDS);
    return graphPage(
      request,
      params,
      pages.map((page) => pageNode(state, page, token, fields)),
      state.settings.facebookPageSize,
      context.publicUrl,
    );
  });
}
