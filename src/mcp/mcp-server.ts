import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject } from '../contracts';
import { DOC_URI_PREFIX, DocPages } from './docs-pages';
import { McpTools, ToolSession } from './mcp-tools';

const NETWORK_URI_PREFIX = 'sps://networks/';

/** What the server tells an agent before anything else (MCP's `instructions`). */
const INSTRUCTIONS =
  'Social Publishing API: publish posts to the social accounts your customers connected (list_networks names the networks). ' +
  'With a test key (sps_test_…) everything happens in a sandbox of emulated networks: rehearse there first. ' +
  'Read a network’s capabilities (get_network_capabilities, or the sps://networks/… resources) before writing a post for it, ' +
  'check a post with validate_post before create_post, and give create_post an idempotencyKey (the same one when retrying). ' +
  'A refused call comes back as a tool error whose first line is the API’s error code and message.';

/**
 * One MCP server over the tools, the docs pages and the networks' capability documents, for one
 * session: the session's key decides what the API lets it see and do, and what the tools' descriptions
 * say (the sandbox or for real). The same server runs over stdio and over the /mcp endpoint.
 */
export function createMcpServer(tools: McpTools, docs: DocPages, session: ToolSession, version: string): Server {
  const server = new Server(
    { name: 'social-publishing', title: 'Social Publishing API', version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.list(session.mode, session.transportRequests),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (!tools.has(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return tools.call(name, args, session);
  });

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    const pages: Resource[] = docs.list().map((page) => ({
      uri: `${DOC_URI_PREFIX}${page.file}`,
      name: page.file,
      title: page.title,
      description: page.description,
      mimeType: 'text/markdown',
    }));
    return { resources: [...pages, ...(await networkResources(session))] };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: `${NETWORK_URI_PREFIX}{network}`,
        name: 'network-capabilities',
        title: 'What a network takes',
        description: 'GET /api/v1/networks/{network}: text limits, placements, media, options, metrics, comments',
        mimeType: 'application/json',
      },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const page = docs.read(uri);
    if (page) return { contents: [{ uri, mimeType: 'text/markdown', text: page.text }] };
    if (uri.startsWith(NETWORK_URI_PREFIX)) {
      const network = uri.slice(NETWORK_URI_PREFIX.length);
      const answer = await session.caller.call({
        method: 'GET',
        path: `/api/v1/networks/${encodeURIComponent(network)}`,
      });
      if (answer.status === 200 && isJsonObject(answer.body) && answer.body.data !== undefined)
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(answer.body.data) }] };
      const error = isJsonObject(answer.body) && isJsonObject(answer.body.error) ? answer.body.error : {};
      throw new McpError(
        answer.status === 404 ? ErrorCode.InvalidParams : ErrorCode.InternalError,
        `${String(error.code ?? answer.status)}: ${String(error.message ?? 'no capabilities for this network')}`,
      );
    }
    throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri}`);
  });

  return server;
}

/** A capability document per installed network (GET /api/v1/networks); none when the API refuses the key. */
async function networkResources(session: ToolSession): Promise<Resource[]> {
  const answer = await session.caller.call({ method: 'GET', path: '/api/v1/networks' });
  if (answer.status !== 200 || !isJsonObject(answer.body) || !Array.isArray(answer.body.data)) return [];
  return answer.body.data.filter(isJsonObject).map((network) => ({
    uri: `${NETWORK_URI_PREFIX}${String(network.id)}`,
    name: `${String(network.id)}-capabilities`,
    title: `What ${String(network.displayName ?? network.id)} takes`,
    description: `GET /api/v1/networks/${String(network.id)}`,
    mimeType: 'application/json',
  }));
}
