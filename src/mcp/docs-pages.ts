import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A page of docs/ an agent reads as an MCP resource. */
export interface DocPage {
  file: string;
  title: string;
  description: string;
}

/** The pages that tell an agent what it needs: the API, publishing, test mode, connecting, the networks, webhooks, and this server. */
export const DOC_PAGES: readonly DocPage[] = [
  {
    file: 'mcp.md',
    title: 'The MCP server',
    description: 'These tools and resources, and how test keys keep an agent in the sandbox',
  },
  {
    file: 'api.md',
    title: 'The API',
    description: 'Every route, the answer and error shapes, the error codes, pagination and rate limits',
  },
  {
    file: 'publishing.md',
    title: 'Publishing',
    description: 'Posts, threads, options per network, media and their upload, validation, unpublishing',
  },
  {
    file: 'test-mode.md',
    title: 'Test mode',
    description: 'Test keys, the sandbox and its faults: rehearse before a live key is used',
  },
  {
    file: 'connecting.md',
    title: 'Connecting accounts',
    description: 'The connect flow: auth URL, consent, pending session, finalize',
  },
  {
    file: 'networks.md',
    title: 'The networks',
    description: 'What each network takes and refuses, its limits and quotas',
  },
  { file: 'webhooks.md', title: 'Webhooks', description: 'Events, their signatures and deliveries' },
];

export const DOC_URI_PREFIX = 'sps://docs/';

/**
 * The repository's docs/ folder, found above this file whether it runs from src/ or dist/src/
 * (the service's image carries docs/ beside dist/); undefined where there is none.
 */
export function docsDir(from = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'docs', 'api.md'))) return join(dir, 'docs');
    if (dirname(dir) === dir) return undefined;
  }
}

/** The pages that exist here, and their text (read when asked: a page may change under a running service in development). */
export class DocPages {
  constructor(private readonly dir: string | undefined = docsDir()) {}

  list(): DocPage[] {
    const dir = this.dir;
    return dir ? DOC_PAGES.filter((page) => existsSync(join(dir, page.file))) : [];
  }

  /** The page a URI names (`sps://docs/api.md`), or undefined. */
  read(uri: string): { page: DocPage; text: string } | undefined {
    if (!uri.startsWith(DOC_URI_PREFIX) || !this.dir) return undefined;
    const page = DOC_PAGES.find((candidate) => candidate.file === uri.slice(DOC_URI_PREFIX.length));
    if (!page || !existsSync(join(this.dir, page.file))) return undefined;
    return { page, text: readFileSync(join(this.dir, page.file), 'utf8') };
  }
}
