import { FastifyInstance } from 'fastify';

export interface UsageHeaderOptions {
  /** True when the caller is being throttled: usage reported at 100 %. */
  exhausted: boolean;
  /** The business-use-case bucket (a Page or an Instagram account) the call counted against. */
  buc?: { id: string; type: 'pages' | 'instagram'; regainMinutes: number };
}

/**
 * Graph's usage headers. Values are percentages of the allowance; `estimated_time_to_regain_access`
 * is in minutes, which is what callers back off on.
 */
export function graphUsageHeaders(options: UsageHeaderOptions): Record<string, string> {
  const percent = options.exhausted ? 100 : 1;
  const headers: Record<string, string> = {
    'X-App-Usage': JSON.stringify({ call_count: percent, total_cputime: percent, total_time: percent }),
  };
  if (options.buc) {
    headers['X-Business-Use-Case-Usage'] = JSON.stringify({
      [options.buc.id]: [
        {
          type: options.buc.type,
          call_count: percent,
          total_cputime: percent,
          total_time: percent,
          estimated_time_to_regain_access: options.exhausted ? options.buc.regainMinutes : 0,
        },
      ],
    });
  }
  return headers;
}

/**
 * Graph reports app usage on every answer below `<scope>/graph/`, errors and unknown paths
 * included; handlers that count against a Page or account set their own first.
 */
export function reportGraphAppUsage(scope: FastifyInstance): void {
  const graphPath = `${scope.prefix}/graph/`;
  scope.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(graphPath) && !reply.hasHeader('X-App-Usage'))
      reply.headers(graphUsageHeaders({ exhausted: false }));
  });
}
