import { JsonObject } from '../json';
import { extractThreadsSubset, postmanPath } from './threads-subset';

const SOURCE = {
  repository: 'https://github.com/fbsamples/threads_api',
  path: 'postman/threads-api.postman_collection.json',
  commit: 'c'.repeat(40),
  commitDate: '2025-12-16T16:10:25-05:00',
  retrieved: '2026-11-26',
};

const collection: JsonObject = {
  info: { _collection_link: 'https://www.postman.com/meta/threads' },
  item: [
    {
      name: 'Folder',
      item: [
        {
          name: 'Create Text Container',
          request: {
            method: 'POST',
            url: {
              path: ['me', 'threads'],
              query: [
                { key: 'text', value: 'Hi', description: 'The text' },
                { key: 'topic_tag', value: 'X', description: 'A topic', disabled: true },
              ],
            },
          },
          response: [{ body: '{ "id": "string" }' }],
        },
      ],
    },
    { name: 'Status', request: { method: 'GET', url: { path: ['{{container_id}}', ''] } }, response: [] },
  ],
  variable: [
    { key: 'reply_control', value: 'everyone,mentioned_only' },
    { key: 'app_secret', value: 'kept out' },
  ],
};

describe('extractThreadsSubset (Meta Postman collection → contracts/threads/postman.json)', () => {
  it('turns Postman paths into templates', () => {
    expect(postmanPath({ path: ['{{thread_id}}', 'insights'] })).toBe('/{thread_id}/insights');
    expect(postmanPath({ path: ['{{container_id}}', ''] })).toBe('/{container_id}');
  });

  it('keeps the operations the manifest lists, their parameters and examples, and the enumerating variables only', () => {
    const subset = extractThreadsSubset(
      collection,
      [
        { method: 'POST', path: '/me/threads', usedFor: 'containers' },
        { method: 'GET', path: '/{container_id}', usedFor: 'status' },
      ],
      SOURCE,
    );
    expect(subset['x-contract-source']).toEqual({ ...SOURCE, collectionLink: 'https://www.postman.com/meta/threads' });
    expect(subset.operations).toEqual([
      {
        name: 'Create Text Container',
        method: 'POST',
        path: '/me/threads',
        query: [
          { key: 'text', value: 'Hi', description: 'The text', disabled: false },
          { key: 'topic_tag', value: 'X', description: 'A topic', disabled: true },
        ],
        exampleResponse: { id: 'string' },
      },
      { name: 'Status', method: 'GET', path: '/{container_id}', query: [] },
    ]);
    expect(subset.variables).toEqual({ reply_control: 'everyone,mentioned_only' });
  });

  it('fails on an operation the collection does not have', () => {
    expect(() => extractThreadsSubset(collection, [{ method: 'DELETE', path: '/me', usedFor: 'x' }], SOURCE)).toThrow(
      'The collection has no DELETE /me',
    );
  });
});
