import type { HttpAnswer } from './http-call';
import type { NeighbourCall } from './neighbour-latency';

export interface OrdinaryCallsOptions {
  /** The neighbour's key. */
  apiKey: string;
  tenantId: string;
  /** One of the neighbour's connected accounts in that tenant, for its validations. */
  accountId: string;
  /**
   * With a domain, each validation names a media URL on a new host under it (`n1.<domain>`, ...),
   * so each is resolved afresh (no cached answer), and a verdict calling it unresolvable counts as
   * refused: the test's name server must answer the domain's names.
   */
  mediaDomain?: string;
}

/** A customer's ordinary calls: list its accounts, validate a post, read /health. */
export function ordinaryCalls(options: OrdinaryCallsOptions): NeighbourCall[] {
  const headers = { Authorization: `Bearer ${options.apiKey}` };
  let hosts = 0;
  const media = () =>
    options.mediaDomain ? { media: [{ url: `https://n${++hosts}.${options.mediaDomain}/a.jpg` }] } : {};
  return [
    { name: 'accounts', method: 'GET', path: `/api/v1/social-accounts?tenantId=${options.tenantId}`, headers },
    {
      name: 'validate',
      method: 'POST',
      path: '/api/v1/posts/validate',
      headers,
      body: () => ({
        tenant_id: options.tenantId,
        accounts: [options.accountId],
        containers: [{ content: 'Hello', ...media() }],
      }),
      check: unresolvedMedia,
    },
    { name: 'health', method: 'GET', path: '/health' },
  ];
}

/** A verdict that calls a media URL of the neighbour's unresolvable: it was denied the name server. */
function unresolvedMedia(answer: HttpAnswer): string | undefined {
  const verdict = JSON.parse(answer.body) as { data: { problems: Array<{ rule: string; message: string }> } };
  const unresolved = verdict.data.problems.find((problem) => problem.rule === 'media_url_unresolvable');
  return unresolved && `verdict: ${unresolved.message}`;
}
