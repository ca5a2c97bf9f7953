import { EmulatorError } from '../http/emulator-error';
import { escapeHtml, htmlDocument } from '../http/html';
import { TestUser } from '../state/test-users';
import { ConsentRequest } from './consent-request';

/** What the consent page lists: the pages or profile the app would get. */
export interface ConsentSubject {
  heading: string;
  items: string[];
}

export interface ConsentPageInput {
  networkTitle: string;
  request: ConsentRequest;
  user: TestUser;
  otherUsers: readonly TestUser[];
  subject: ConsentSubject;
  /** Where the form posts (the authorize path itself). */
  action: string;
}

function hiddenInput(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function switchUserLink(action: string, request: ConsentRequest, user: TestUser): string {
  const query = new URLSearchParams({ ...request.original, emulator_user: user.id });
  return `<li><a href="${escapeHtml(`${action}?${query.toString()}`)}">${escapeHtml(user.name)}</a></li>`;
}

/** The plain consent page: who is signed in, what the app asks for, Approve and Deny. */
export function renderConsentPage(input: ConsentPageInput): string {
  const { request, user, subject } = input;
  const hidden = Object.entries({ ...request.original, emulator_user: user.id })
    .map(([name, value]) => hiddenInput(name, value))
    .join('\n');
  const others = input.otherUsers.filter((other) => other.id !== user.id);
  const body = `
<h1>${escapeHtml(input.networkTitle)} (emulated): allow access?</h1>
<p>Signed in as <strong>${escapeHtml(user.name)}</strong>. The app <code>${escapeHtml(request.clientId)}</code> asks for:
${escapeHtml(request.scopes.join(', '))}.</p>
${request.declined.length ? `<p>You decline: ${escapeHtml(request.declined.join(', '))}.</p>` : ''}
<h2>${escapeHtml(subject.heading)}</h2>
<ul>
${subject.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}
</ul>
<form method="post" action="${escapeHtml(input.action)}">
${hidden}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
${others.length ? `<h2>Sign in as another test user</h2>\n<ul>\n${others.map((other) => switchUserLink(input.action, request, other)).join('\n')}\n</ul>` : ''}
<p class="note">This is the built-in network emulator: nothing is sent to ${escapeHtml(input.networkTitle)}.</p>`;
  return htmlDocument(`${input.networkTitle} (emulated): allow access`, body);
}

/** A consent request the network would refuse outright: an error page that redirects nowhere. */
export class ConsentPageError extends EmulatorError {
  constructor(
    private readonly networkTitle: string,
    message: string,
    status = 400,
  ) {
    super(status, message);
  }

  /** A request to a network's login pages the emulator could not route or read, or its own failure. */
  static unroutable(networkTitle: string, status: number, message: string): ConsentPageError {
    return new ConsentPageError(networkTitle, message, status >= 500 ? 500 : status);
  }

  override contentType(): string {
    return 'text/html; charset=utf-8';
  }

  body(): string {
    return htmlDocument(
      `${this.networkTitle} (emulated): error`,
      `<h1>${escapeHtml(this.networkTitle)} (emulated): this request cannot be completed</h1>\n<p role="alert">${escapeHtml(this.message)}</p>`,
    );
  }
}
