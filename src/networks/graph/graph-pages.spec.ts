import { canPublishAs, GraphPage } from './graph-pages';

const page = (tasks: string[]): GraphPage => ({ id: '1', name: 'P', accessToken: 'EAA', tasks, pictureUrl: null });

describe('canPublishAs', () => {
  it.each([
    [['CREATE_CONTENT'], true],
    [['MANAGE'], true],
    [['ANALYZE', 'MODERATE', 'CREATE_CONTENT'], true],
    [['ANALYZE'], false],
    [['ADVERTISE', 'MODERATE', 'MESSAGING'], false],
    [[], true],
  ])('tasks %p → %p', (tasks, expected) => expect(canPublishAs(page(tasks))).toBe(expected));
});
