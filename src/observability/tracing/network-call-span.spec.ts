import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { withNetworkOperation } from '../network-operation-scope';
import { networkCallSpan, urlTemplate } from './network-call-span';
import { traceInMemory } from './tracing.testing';

describe('urlTemplate', () => {
  it.each([
    ['https://graph.facebook.com/v25.0/1234567890/feed?access_token=EAAsecret', '/v25.0/{id}/feed'],
    ['https://api.x.com/2/tweets/1790000000000000001', '/2/tweets/{id}'],
    ['https://api.x.com/2/media/upload/1880000000000000000/append', '/2/media/upload/{id}/append'],
    ['https://graph.facebook.com/v25.0/me/accounts', '/v25.0/me/accounts'],
    ['https://graph.facebook.com/v25.0/17841400000000000/media_publish', '/v25.0/{id}/media_publish'],
    ['https://api.linkedin.com/rest/posts/urn%3Ali%3Ashare%3A7000000000000000000', '/rest/posts/{id}'],
    ['https://plc.directory/did:plc:ewvi7nxzyoun6zhxrhs64oiz', '/{id}'],
    ['https://bsky.social/xrpc/com.atproto.repo.createRecord', '/xrpc/com.atproto.repo.createRecord'],
    ['https://api.x.com/2/oauth2/token', '/2/oauth2/token'],
    ['https://api.x.com/2/tweets/abc123def456', '/2/tweets/{id}'],
    ['http://127.0.0.1:3000/emulator/w/wld_3kTMd9fQe2xVbLpsWqZ/x/2/tweets', '/emulator/w/{id}/x/2/tweets'],
  ])('%s → %s', (url, template) => expect(urlTemplate(new URL(url))).toBe(template));
});

describe('a network call span', () => {
  let tracing: ReturnType<typeof traceInMemory>;
  beforeEach(() => (tracing = traceInMemory()));
  afterEach(() => tracing.stop());

  it('names the network, the operation, the host and the path template, never the query, a header or a body', async () => {
    const call = {
      method: 'POST',
      url: 'https://graph.facebook.com/v25.0/1234567890/feed?access_token=EAAsecret&appsecret_proof=abc',
      headers: { Authorization: 'Bearer EAAsecret' },
      form: { message: 'the post body' },
    };
    await withNetworkOperation('publish', () => networkCallSpan('facebook', call, async () => ({ status: 200 })));
    const [span] = await tracing.spans();
    expect(span!.name).toBe('POST /v25.0/{id}/feed');
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.attributes).toEqual({
      'sps.network': 'facebook',
      'sps.operation': 'publish',
      'http.request.method': 'POST',
      'server.address': 'graph.facebook.com',
      'url.template': '/v25.0/{id}/feed',
      'http.response.status_code': 200,
    });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('fails on an error status and on no answer, by status or error type', async () => {
    const call = { method: 'GET', url: 'https://api.x.com/2/users/me' };
    await networkCallSpan('x', call, async () => ({ status: 429 }));
    const unreachable = Object.assign(new Error('No answer from api.x.com: ECONNRESET'), {
      name: 'NetworkUnreachableError',
    });
    await expect(
      networkCallSpan('x', call, async () => {
        throw unreachable;
      }),
    ).rejects.toBe(unreachable);
    const [limited, lost] = await tracing.spans();
    expect([limited!.status.code, limited!.attributes['error.type']]).toEqual([SpanStatusCode.ERROR, '429']);
    expect([lost!.status.code, lost!.attributes['error.type']]).toEqual([
      SpanStatusCode.ERROR,
      'NetworkUnreachableError',
    ]);
    expect(lost!.attributes['sps.operation']).toBe('other');
  });
});
