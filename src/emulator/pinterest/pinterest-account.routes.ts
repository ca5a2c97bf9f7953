import { FastifyInstance } from 'fastify';
import { accountMetric, countMetricsRead } from '../metrics/emulated-metrics';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { authorizePinterestCall } from './pinterest-access';
import { pinterestErrors } from './pinterest-errors';
import { pinterestPage } from './pinterest-paging';
import { TestPinterestAccount, TestPinterestBoard } from './pinterest-test-user';

type PageQuery = { page_size?: string; bookmark?: string };

/** A board as `GET /boards` lists it (Board: BoardBase and privacy). */
function boardView(state: EmulatorState, account: TestPinterestAccount, board: TestPinterestBoard) {
  const pins = state.published
    .list({ network: 'pinterest', accountId: account.id })
    .filter((item) => !item.deletedAt && item.pinterest?.boardId === board.id);
  return {
    id: board.id,
    name: board.name,
    description: null,
    privacy: board.privacy,
    owner: { username: account.username },
    pin_count: pins.length,
  };
}

/**
 * The account's own reads: `GET /user_account` (with its follower count, a metric the control API
 * can set as `follower_count`), `GET /boards` (paged; `privacy` filters) and a board's sections.
 */
export function registerPinterestAccountRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get('/user_account', async (request) => {
    const { account } = await authorizePinterestCall(state, request, 'GET /user_account');
    countMetricsRead(state, 'pinterest', account.id);
    const followers = accountMetric(state, 'pinterest', account.id, 'follower_count', 500);
    const following = accountMetric(state, 'pinterest', account.id, 'following_count', 200);
    return {
      id: account.id,
      username: account.username,
      account_type: account.accountType,
      ...(account.accountType === 'BUSINESS' ? { business_name: account.name } : {}),
      profile_image: account.picture,
      website_url: '',
      about: '',
      board_count: account.boards.length,
      pin_count: state.published.list({ network: 'pinterest', accountId: account.id }).filter((item) => !item.deletedAt)
        .length,
      follower_count: followers ?? null,
      following_count: following ?? null,
      monthly_views: accountMetric(state, 'pinterest', account.id, 'monthly_views', 2000) ?? null,
    };
  });

  fastify.get<{ Querystring: PageQuery & { privacy?: string } }>('/boards', async (request) => {
    const { account } = await authorizePinterestCall(state, request, 'GET /boards');
    const { privacy } = request.query;
    const boards = account.boards.filter((board) => !privacy || board.privacy === privacy);
    const page = pinterestPage(boards, request.query);
    return { items: page.items.map((board) => boardView(state, account, board)), bookmark: page.bookmark };
  });

  fastify.get<{ Params: { board: string }; Querystring: PageQuery }>('/boards/:board/sections', async (request) => {
    const { account } = await authorizePinterestCall(state, request, 'GET /boards/{board_id}/sections');
    const board = account.boards.find((candidate) => candidate.id === request.params.board);
    if (!board) throw pinterestErrors.notFound('Board not found.');
    const page = pinterestPage(board.sections, request.query);
    return { items: page.items.map((section) => ({ id: section.id, name: section.name })), bookmark: page.bookmark };
  });
}
