import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '../contracts';
import { readOperation, requestOf } from './api-operation';
import type { ApiAnswer, ApiCaller, ApiRequest } from './api-caller';
import { McpTools } from './mcp-tools';
import { HttpUrlDownloads } from './url-download';

// The document as the TypeScript SDK was generated from it (CI checks it is the current one).
const document = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'sdk', 'typescript', 'openapi.json'), 'utf8'),
) as JsonObject;

/** Records the requests a tool makes and answers each with `answer`. */
function recordingCaller(answer: ApiAnswer): ApiCaller & { requests: ApiRequest[] } {
  const requests: ApiRequest[] = [];
  return {
    requests,
    call: (request) => {
      requests.push(request);
      return Promise.resolve(answer);
    },
    upload: () => Promise.reject(new Error('no upload here')),
  };
}

describe('The MCP tools, read from the API document', () => {
  const tools = new McpTools(document);

  it('gives every tool an input schema that is valid JSON Schema 2020-12, its $refs resolved within it', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const tool of tools.list('test', 0)) {
      expect(() => ajv.compile(tool.inputSchema)).not.toThrow();
      expect(JSON.stringify(tool.inputSchema)).not.toContain('#/components/');
      expect(JSON.stringify(tool.inputSchema)).not.toContain('"nullable"');
    }
  });

  it("takes create_post's arguments from createPost: the body's fields and the Idempotency-Key, which the tool requires", () => {
    const createPost = tools.list('test', 0).find((tool) => tool.name === 'create_post')!;
    const properties = createPost.inputSchema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(
      expect.arrayContaining(['tenant_id', 'accounts', 'containers', 'idempotencyKey']),
    );
    expect(createPost.inputSchema.required).toEqual(
      expect.arrayContaining(['tenant_id', 'accounts', 'containers', 'idempotencyKey']),
    );
    const operation = readOperation(document, 'createPost');
    expect(
      requestOf(operation, {
        tenant_id: 't-1',
        accounts: ['acc_1'],
        containers: [{ content: 'hi' }],
        idempotencyKey: 'k-1',
      }),
    ).toEqual({
      method: 'POST',
      path: '/api/v1/posts',
      headers: { 'Idempotency-Key': 'k-1' },
      body: { tenant_id: 't-1', accounts: ['acc_1'], containers: [{ content: 'hi' }] },
    });
  });

  it('fills path parameters (encoded) and query parameters (as text), and refuses an unknown argument where there is no body, and a missing path parameter', () => {
    const listComments = readOperation(document, 'listComments');
    expect(requestOf(listComments, { id: 'pst_1', limit: 5 })).toMatchObject({
      method: 'GET',
      path: '/api/v1/posts/pst_1/comments',
      query: { limit: '5' },
    });
    expect(requestOf(readOperation(document, 'getPost'), { id: 'pst_1', colour: 'red' })).toEqual({
      refused: 'colour: not an argument (this tool takes id)',
    });
    expect(requestOf(readOperation(document, 'getPost'), {})).toEqual({ refused: 'id: required' });
  });

  it('leaves deprecated fields out (start_connecting_account takes clientState, not client_state)', () => {
    const connect = tools.list('live', 0).find((tool) => tool.name === 'start_connecting_account')!;
    const properties = Object.keys(connect.inputSchema.properties as object);
    expect(properties).toEqual(expect.arrayContaining(['network', 'tenant_id', 'redirect_uri', 'clientState']));
    expect(properties).not.toContain('client_state');
  });

  it("says in each publishing tool's description whether it publishes in the sandbox or for real", () => {
    const describe = (mode: 'test' | 'live') =>
      tools.list(mode, 0).find((tool) => tool.name === 'create_post')!.description;
    expect(describe('test')).toContain('publishes in the sandbox');
    expect(describe('live')).toContain('FOR REAL');
    expect(tools.list('live', 0).find((tool) => tool.name === 'create_post')!.annotations?.openWorldHint).toBe(true);
    expect(tools.list('test', 0).find((tool) => tool.name === 'create_post')!.annotations?.openWorldHint).toBe(false);
  });

  it("answers an API error as a tool error carrying the API's code and message", async () => {
    const caller = recordingCaller({
      status: 404,
      headers: {},
      body: { success: false, error: { code: 'not_found', message: 'Post not found', requestId: 'req_1' } },
    });
    const result = await tools.call(
      'get_post',
      { id: 'pst_9' },
      { caller, mode: 'test', downloads: new HttpUrlDownloads(), transportRequests: 0 },
    );
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: { status: 404, code: 'not_found', message: 'Post not found', requestId: 'req_1' },
    });
    expect(caller.requests).toEqual([{ method: 'GET', path: '/api/v1/posts/pst_9' }]);
  });

  it('refuses create_post without an idempotencyKey before calling the API', async () => {
    const caller = recordingCaller({ status: 202, headers: {}, body: { success: true, data: {} } });
    const result = await tools.call(
      'create_post',
      { tenant_id: 't', accounts: ['acc_1'], containers: [{ content: 'x' }] },
      { caller, mode: 'test', downloads: new HttpUrlDownloads(), transportRequests: 0 },
    );
    expect(result.isError).toBe(true);
    expect(caller.requests).toEqual([]);
  });
});
