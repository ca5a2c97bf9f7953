import { routedPath } from './routed-path';

describe('routedPath', () => {
  it.each([
    ['/api/v1/posts?x=1', '/api/v1/posts'],
    ['/api/%761/posts', '/api/v1/posts'],
    ['/%64ashboard/api-keys', '/dashboard/api-keys'],
    ['/%64ASHBOARD', '/dASHBOARD'],
    ['/api%2Fv1/posts', '/api%2Fv1/posts'],
    ['/api/%2576%31/posts', '/api/%25761/posts'],
    ['/a;b?c', '/a;b'],
    ['/bad%ZZ', '/bad%ZZ'],
  ])('%s → %s', (url, expected) => expect(routedPath(url)).toBe(expected));
});
