import { FastifyRequest } from 'fastify';
import { currentWorldId } from '../worlds/current-world';
import { PublishedItem } from '../state/published-log';
import { worldClientId } from '../../networks';
import { EmulatorError } from './emulator-error';
import { escapeHtml, htmlDocument } from './html';

/** The query parameter that names a test world in a page's URL (its value carries the world's mark). */
export const PAGE_WORLD_PARAMETER = 'world';

/**
 * Where the emulator's pages for published objects are: what permalinks point at instead of
 * x.com, facebook.com or instagram.com, where a sandbox post does not exist. A page's URL is the
 * network's own path below the network's prefix (`/emulator/x/{username}/status/{id}`), at
 * PUBLIC_URL, with `?world=sandbox_<world id>` for a test world's object (world-routing.ts finds
 * the world by that mark).
 */
export class EmulatorPages {
  /** Without PUBLIC_URL (a standalone emulator), the origin the last request came to. */
  private seenOrigin = 'http://localhost';

  constructor(
    private readonly emulatorPrefix: string,
    private readonly publicUrl?: string,
  ) {}

  /** Remembered for a standalone emulator, which has no PUBLIC_URL; the service mounts it with one. */
  saw(request: FastifyRequest): void {
    if (!this.publicUrl) this.seenOrigin = `${request.protocol}://${request.host}`;
  }

  /** The page of an object of the world the request being served is in: `networkPrefix` is the network's (`/x`). */
  url(networkPrefix: string, path: string, query: Record<string, string> = {}): string {
    const origin = this.publicUrl ? new URL(this.publicUrl).origin : this.seenOrigin;
    const url = new URL(`${origin}${this.emulatorPrefix}${networkPrefix}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const world = currentWorldId();
    if (world !== undefined) url.searchParams.set(PAGE_WORLD_PARAMETER, worldClientId(world));
    return url.toString();
  }
}

/**
 * What a network shows at a URL it has no object for: the same page whether the object, or the
 * test world named, does not exist, so a page tells nothing of which worlds exist.
 */
export class ObjectPageNotFound extends EmulatorError {
  constructor(
    private readonly networkTitle: string,
    private readonly text: string,
  ) {
    super(404, text);
  }

  override contentType(): string {
    return 'text/html; charset=utf-8';
  }

  body(): string {
    return htmlDocument(
      `${this.networkTitle} (emulated): page not found`,
      `<h1>${escapeHtml(this.text)}</h1>\n<p class="note">${escapeHtml(this.networkTitle)}, as emulated by this service's sandbox.</p>`,
    );
  }
}

/** The emulator's page of a published post or comment: who wrote it, its text, links to its media. */
export function objectPage(networkTitle: string, item: PublishedItem, author: string): string {
  const media = item.media
    .map((medium) =>
      medium.url
        ? `<li>${escapeHtml(medium.type)}: <a href="${escapeHtml(medium.url)}">${escapeHtml(medium.url)}</a></li>`
        : `<li>${escapeHtml(medium.type)} (uploaded, ${medium.size ?? 'unknown'} bytes)</li>`,
    )
    .join('\n');
  const kind = item.parentId || item.replyToId ? 'comment' : 'post';
  return htmlDocument(
    `${networkTitle} (emulated): ${kind} by ${author}`,
    [
      `<article>`,
      `<h1>${escapeHtml(author)}</h1>`,
      `<p class="note">A ${kind} on ${escapeHtml(networkTitle)}, as emulated by this service's sandbox; published ${escapeHtml(item.publishedAt)}.</p>`,
      `<p>${escapeHtml(item.text).replace(/\n/g, '<br>')}</p>`,
      media ? `<ul>\n${media}\n</ul>` : '',
      `</article>`,
    ].join('\n'),
  );
}
