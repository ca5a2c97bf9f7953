import { GraphContract, pageReelsStoriesRules } from '../../contracts';
import { NetworkRequest } from '../http/network-http.client';
import { GRAPH } from './facebook.fixtures';

export const RUPLOAD = 'https://rupload.facebook.com/video-upload/v25.0';

/**
 * What of `requests` Meta's contracts refuse: each Graph call against the codegen specs
 * (contracts/meta/specs; `nodes` names the node type of each id the calls use), each rupload call
 * against contracts/meta/page-reels-stories.json (an `OAuth` Authorization, then `file_url`, or
 * `offset` and `file_size`).
 */
export function contractViolations(requests: readonly NetworkRequest[], nodes: Record<string, string>): string[] {
  const contract = GraphContract.load();
  return requests.flatMap((request): string[] => {
    if (request.url.startsWith(`${RUPLOAD}/`)) return ruploadViolations(request);
    if (!request.url.startsWith(`${GRAPH}/`)) return [`${request.url} is neither Graph nor rupload`];
    const [id, edge] = request.url.slice(GRAPH.length + 1).split('/');
    const node = nodes[decodeURIComponent(id!)];
    if (!node) return [`no node type given for ${id}`];
    const params = Object.fromEntries(
      Object.entries({ ...request.query, ...request.form }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    return contract
      .checkCall({ network: 'facebook', node, method: request.method, edge, params })
      .map((violation) => `${violation.operation}: ${violation.message}`);
  });
}

function ruploadViolations(request: NetworkRequest): string[] {
  const path = pageReelsStoriesRules().ruploadPath.replace('{version}', 'v25.0').replace('{video_id}', '');
  const headers = request.headers ?? {};
  const problems: string[] = [];
  if (!request.url.startsWith(`https://rupload.facebook.com${path}`)) problems.push(`rupload path ${request.url}`);
  if (!/^OAuth \S+$/.test(headers.Authorization ?? '')) problems.push('rupload: no "OAuth <token>" Authorization');
  const hosted = headers.file_url !== undefined;
  const local = headers.offset !== undefined && headers.file_size !== undefined;
  if (hosted === local) problems.push('rupload: file_url, or offset and file_size, must be given (one of them)');
  if (hosted && !/^https?:\/\//.test(headers.file_url!)) problems.push('rupload: file_url must be http(s)');
  return problems;
}
