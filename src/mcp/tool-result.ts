import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isJsonObject } from '../contracts';
import type { ApiAnswer } from './api-caller';

/** The API's error, as a tool error carries it: the code and message to act on, and what helps support. */
export interface ToolErrorBody {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  requestId?: string;
}

/**
 * A successful answer as a tool result: the answer's `data` (and a list's `pagination`), as JSON
 * text for any client and as structured content for those that read it.
 */
export function resultOfAnswer(answer: ApiAnswer): CallToolResult {
  if (answer.status >= 400 || !isJsonObject(answer.body) || answer.body.success !== true) return errorOfAnswer(answer);
  const { success: _success, ...content } = answer.body;
  return { content: [{ type: 'text', text: JSON.stringify(content) }], structuredContent: content };
}

/** An answer that is not a success, as an MCP tool error (isError) with the API's code and message. */
export function errorOfAnswer(answer: ApiAnswer): CallToolResult {
  const envelope = isJsonObject(answer.body) && isJsonObject(answer.body.error) ? answer.body.error : undefined;
  if (envelope && typeof envelope.code === 'string' && typeof envelope.message === 'string') {
    return toolError({
      status: answer.status,
      code: envelope.code,
      message: envelope.message,
      ...(envelope.details === undefined ? {} : { details: envelope.details }),
      ...(typeof envelope.requestId === 'string' ? { requestId: envelope.requestId } : {}),
    });
  }
  // Not the API's envelope: something between (a proxy) answered, or the service broke its own shape.
  const text = typeof answer.body === 'string' ? answer.body.slice(0, 500) : JSON.stringify(answer.body ?? null);
  return toolError({ status: answer.status, code: 'unexpected_answer', message: `HTTP ${answer.status}: ${text}` });
}

/** A tool error: the first line says the code and message; the JSON after it has the rest. */
export function toolError(error: ToolErrorBody): CallToolResult {
  const { status, code, message, details, requestId } = error;
  const body = {
    status,
    code,
    message,
    ...(details === undefined ? {} : { details }),
    ...(requestId ? { requestId } : {}),
  };
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}\n${JSON.stringify(body)}` }],
    structuredContent: { error: body },
  };
}

/** A call that got no answer at all (the service unreachable, a timeout). */
export function unreachable(error: unknown): CallToolResult {
  const reason = error instanceof Error ? error.message : String(error);
  return toolError({ status: 0, code: 'api_unreachable', message: `The API did not answer: ${reason}` });
}
