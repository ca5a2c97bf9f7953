import { currentNetworkOperation, inNetworkOperation, withNetworkOperation } from './network-operation-scope';
import { isNetworkOperation, NETWORK_OPERATIONS } from './network-operation';

describe('network operation scope', () => {
  it('is other outside any scope', () => {
    expect(currentNetworkOperation()).toBe('other');
  });

  it('carries the operation across awaits, the innermost scope winning', async () => {
    const seen = await withNetworkOperation('publish', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const outer = currentNetworkOperation();
      const inner = await withNetworkOperation('upload', async () => {
        await Promise.resolve();
        return currentNetworkOperation();
      });
      return [outer, inner, currentNetworkOperation()];
    });
    expect(seen).toEqual(['publish', 'upload', 'publish']);
    expect(currentNetworkOperation()).toBe('other');
  });

  it('wraps a callback so that each of its calls runs within the operation', async () => {
    const read = inNetworkOperation('metrics', async (id: string) => `${id}:${currentNetworkOperation()}`);
    expect(await read('a')).toBe('a:metrics');
    expect(currentNetworkOperation()).toBe('other');
  });

  it('knows its vocabulary, and nothing else', () => {
    expect(NETWORK_OPERATIONS).toContain('refresh');
    expect(isNetworkOperation('publish')).toBe(true);
    expect(isNetworkOperation('/2/tweets')).toBe(false);
  });
});
