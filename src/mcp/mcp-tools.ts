import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CustomerMode } from '../customers';
import type { JsonObject } from '../contracts';
import type { ApiCaller } from './api-caller';
import { ApiOperation, readOperation, requestOf } from './api-operation';
import { MEDIA_FROM_URL_TOOL, MediaFromUrl } from './media-from-url';
import { modeSentence, OPERATION_TOOLS, OperationTool, rateLimitSentence, ToolEffect } from './tool-catalogue';
import { resultOfAnswer, toolError, unreachable } from './tool-result';
import type { UrlDownloads } from './url-download';

/** What a session's tool calls act through: the API with the session's key, and downloads for media. */
export interface ToolSession {
  caller: ApiCaller;
  mode: CustomerMode;
  downloads: UrlDownloads;
  /** Requests of the rate limit the transport adds to each call: 1 at /mcp (each POST counts), 0 over stdio. */
  transportRequests: number;
}

interface BoundTool {
  tool: OperationTool;
  operation: ApiOperation;
}

/**
 * The tools, read once from the API document (the one the service serves at /api/docs.json): each
 * tool's input schema and description are its operation's, so they follow the API as it changes,
 * and a tool whose operation left the document fails at once instead of calling a missing route.
 */
export class McpTools {
  private readonly bound = new Map<string, BoundTool>();
  private readonly media: MediaFromUrl;

  constructor(document: JsonObject) {
    for (const tool of OPERATION_TOOLS) {
      const operation = readOperation(document, tool.operationId);
      const required = new Set([
        ...((operation.inputSchema.required as string[] | undefined) ?? []),
        ...(tool.alsoRequired ?? []),
      ]);
      for (const name of tool.alsoRequired ?? [])
        if (!operation.places.has(name)) throw new Error(`${tool.name}: ${tool.operationId} has no argument ${name}`);
      const inputSchema = { ...operation.inputSchema, ...(required.size > 0 ? { required: [...required] } : {}) };
      this.bound.set(tool.name, { tool, operation: { ...operation, inputSchema } });
    }
    this.media = new MediaFromUrl(document);
  }

  /** The tools as a session lists them: each description says where it acts, decided by the session's key. */
  list(mode: CustomerMode, transportRequests: number): Tool[] {
    const tools: Tool[] = [...this.bound.values()].map(({ tool, operation }) => ({
      name: tool.name,
      title: operation.summary,
      description: describe(
        [operation.summary, operation.description, tool.cost, rateLimitSentence(1, transportRequests)],
        tool.effect,
        mode,
      ),
      inputSchema: operation.inputSchema as Tool['inputSchema'],
      annotations: annotationsOf(tool, mode),
    }));
    tools.push({
      name: MEDIA_FROM_URL_TOOL,
      title: 'Upload a file from a URL as a medium',
      description: describe(
        [
          this.media.description,
          `${rateLimitSentence(2, transportRequests)} The two API calls: the announcement and the upload.`,
        ],
        'records',
        mode,
      ),
      inputSchema: this.media.inputSchema as Tool['inputSchema'],
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    });
    return tools;
  }

  has(name: string): boolean {
    return this.bound.has(name) || name === MEDIA_FROM_URL_TOOL;
  }

  /** Calls a tool; the API's refusals, and an API that does not answer, come back as tool errors. */
  async call(name: string, args: Record<string, unknown>, session: ToolSession): Promise<CallToolResult> {
    const bound = this.bound.get(name);
    if (!bound && name !== MEDIA_FROM_URL_TOOL) throw new Error(`No tool ${name}`);
    try {
      if (!bound) return await this.media.run(args, session.caller, session.downloads);
      for (const required of bound.tool.alsoRequired ?? [])
        if (args[required] === undefined)
          return toolError({ status: 400, code: 'validation_failed', message: `${required} is required by this tool` });
      const request = requestOf(bound.operation, args);
      if ('refused' in request)
        return toolError({ status: 400, code: 'validation_failed', message: `${name}: ${request.refused}` });
      return resultOfAnswer(await session.caller.call(request));
    } catch (error) {
      return unreachable(error);
    }
  }
}

function describe(parts: Array<string | undefined>, effect: ToolEffect, mode: CustomerMode): string {
  return [...parts, modeSentence(effect, mode)].filter((part) => part && part.trim() !== '').join('\n\n');
}

/** MCP's hints: what a client may show or ask before a call (never a guarantee, by the protocol's own words). */
function annotationsOf(tool: OperationTool, mode: CustomerMode): Tool['annotations'] {
  const reads = tool.effect === 'reads';
  return {
    readOnlyHint: reads,
    destructiveHint: tool.name === 'unpublish_post' || tool.name === 'cancel_post',
    idempotentHint: reads || tool.alsoRequired?.includes('idempotencyKey') === true,
    // Only a live key reaches the real networks; a test key stays in the sandbox.
    openWorldHint: mode === 'live' && tool.effect === 'publishes',
  };
}
