import { arrayField, isRecord, stringField } from '../http/json-fields';
import { PublishDestination } from '../network-adapter';
import { PinterestApi } from './pinterest-api';

/** A page of Pinterest's largest (`page_size` 250); an account with more boards than MAX_PAGES of them lists the first ones. */
const PAGE_SIZE = '250';
const MAX_PAGES = 4;

/** Every item of a paged list (`items`, `bookmark`), up to MAX_PAGES pages. */
async function allItems(api: PinterestApi, path: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let bookmark: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await api.read(path, { page_size: PAGE_SIZE, ...(bookmark ? { bookmark } : {}) });
    items.push(...(arrayField(body, 'items') ?? []).filter(isRecord));
    bookmark = stringField(body, 'bookmark') ?? undefined;
    if (!bookmark) break;
  }
  return items;
}

/**
 * The account's boards (`GET /boards`) and each board's sections (`GET /boards/{board_id}/sections`):
 * where a pin may go, for a client to pick `boardId` and `boardSectionId`.
 */
export async function pinterestBoards(api: PinterestApi): Promise<PublishDestination[]> {
  const boards = await allItems(api, '/boards');
  const destinations: PublishDestination[] = [];
  for (const board of boards) {
    const id = stringField(board, 'id');
    if (!id) continue;
    const sections = await allItems(api, `/boards/${encodeURIComponent(id)}/sections`);
    destinations.push({
      id,
      name: stringField(board, 'name') ?? id,
      privacy: stringField(board, 'privacy') ?? null,
      children: sections.flatMap((section) => {
        const sectionId = stringField(section, 'id');
        return sectionId
          ? [{ id: sectionId, name: stringField(section, 'name') ?? sectionId, privacy: null, children: [] }]
          : [];
      }),
    });
  }
  return destinations;
}
