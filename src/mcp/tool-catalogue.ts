import type { CustomerMode } from '../customers';

/**
 * What a tool does to the world: reads it, changes the service's own records, or acts on the
 * networks under the connected accounts (publishes, comments, takes down).
 */
export type ToolEffect = 'reads' | 'records' | 'publishes';

/** One tool over one operation of the API: its name, and what calling it costs beside one API request. */
export interface OperationTool {
  name: string;
  operationId: string;
  effect: ToolEffect;
  /** What the call costs beyond one request of the key's rate limit, when anything. */
  cost?: string;
  /** Arguments the tool requires though the API takes them as optional (an Idempotency-Key: a retried tool call must not publish twice). */
  alsoRequired?: string[];
}

const NETWORK_QUOTA =
  "Spends the network's own posting quota of each account (get_network_capabilities says what it is); a post waits when it is spent.";

/**
 * The tools, each over one operation of the API document (upload_media_from_url, which makes two,
 * is its own: media-from-url.ts). Their input schemas and descriptions are the document's; this
 * list only chooses the operations, names them for an agent, and says what each costs.
 */
export const OPERATION_TOOLS: readonly OperationTool[] = [
  { name: 'list_networks', operationId: 'listNetworks', effect: 'reads' },
  { name: 'get_network_capabilities', operationId: 'getNetwork', effect: 'reads' },
  { name: 'list_accounts', operationId: 'listAccounts', effect: 'reads' },
  {
    name: 'start_connecting_account',
    operationId: 'createAuthUrl',
    effect: 'records',
    cost:
      'Answers `auth_url`: hand it to the person who owns the account, to open in their browser and consent. ' +
      'The redirect_uri must be one of the customer’s allowed redirect URLs; the connection is finished there (the pending session).',
  },
  {
    name: 'validate_post',
    operationId: 'validatePost',
    effect: 'reads',
    cost: 'Publishes nothing and stores nothing: use it before create_post.',
  },
  {
    name: 'create_post',
    operationId: 'createPost',
    effect: 'publishes',
    cost: `${NETWORK_QUOTA} Give a new idempotencyKey per post, and the same one when retrying this call: the first answer comes back and nothing is published twice.`,
    alsoRequired: ['idempotencyKey'],
  },
  { name: 'get_post', operationId: 'getPost', effect: 'reads' },
  { name: 'list_posts', operationId: 'listPosts', effect: 'reads' },
  {
    name: 'cancel_post',
    operationId: 'cancelPost',
    effect: 'records',
    cost: 'Stops the deliveries not yet published; what is already on a network stays (unpublish_post takes it down).',
  },
  {
    name: 'unpublish_post',
    operationId: 'unpublishPost',
    effect: 'publishes',
    cost: 'Deletes the post from each network it was published to: it cannot be undone.',
  },
  {
    name: 'get_post_metrics',
    operationId: 'getPostMetrics',
    effect: 'reads',
    cost: 'Reads the networks at most once every 5 minutes per post, whoever asks.',
  },
  {
    name: 'get_account_metrics',
    operationId: 'getAccountMetrics',
    effect: 'reads',
    cost: 'Reads the network at most once every 5 minutes per account, whoever asks.',
  },
  {
    name: 'list_comments',
    operationId: 'listComments',
    effect: 'reads',
    cost: 'Each page is one read of the network.',
  },
  {
    name: 'answer_comment',
    operationId: 'createComment',
    effect: 'publishes',
    cost: 'Give a new idempotencyKey per answer, and the same one when retrying this call: nothing is sent twice.',
    alsoRequired: ['idempotencyKey'],
  },
  { name: 'get_comment_request', operationId: 'getCommentRequest', effect: 'reads' },
  { name: 'get_media', operationId: 'getMedia', effect: 'reads' },
];

/** The sentence of a tool's description that says where it acts, decided by the session's key. */
export function modeSentence(effect: ToolEffect, mode: CustomerMode): string {
  if (mode === 'test') {
    if (effect === 'publishes')
      return 'This session uses a test key: this publishes in the sandbox (your test world’s emulated networks), never on a real account.';
    return 'This session uses a test key: this acts on your test world only (its accounts, posts and media).';
  }
  if (effect === 'publishes')
    return 'This session uses a live key: this acts FOR REAL on the networks, under the connected accounts, visible to their audience.';
  return 'This session uses a live key: this acts on your live accounts, posts and media.';
}

/**
 * What a call costs of the key's rate limit: the API requests the tool makes, plus the MCP request
 * that carries it where that is an API request too (`/mcp`: `transportRequests` 1; stdio: 0).
 */
export function rateLimitSentence(toolRequests: number, transportRequests: number): string {
  const total = toolRequests + transportRequests;
  const what =
    transportRequests > 0
      ? ` (the /mcp request and ${toolRequests === 1 ? 'the API call' : `${toolRequests} API calls`})`
      : '';
  return `Costs ${total === 1 ? 'one request' : `${total} requests`} of your API rate limit${what}, per customer and mode.`;
}
