// Bluesky's contract: the AT Protocol lexicons in contracts/bluesky/lexicons.json, checked with
// Bluesky's own validator (@atproto/lexicon), as a PDS checks a record before writing it.
import { jsonToLex, Lexicons } from '@atproto/lexicon';
import type { LexiconDoc, LexUserType } from '@atproto/lexicon';
import type { ContractViolation } from '../contract-violation';
import { readContractJson } from '../contracts-dir';
import type { LexiconFile } from './lexicon-file';

export const BLUESKY_LEXICON_FILE = 'bluesky/lexicons.json';

type Validation = { success: true } | { success: false; error: Error };

/** The lexicons we hold, and the checks the adapter's tests and the emulator share. */
export class LexiconContract {
  private constructor(
    readonly file: LexiconFile,
    private readonly lexicons: Lexicons,
  ) {}

  private static held: LexiconContract | undefined;

  /** The contract of contracts/bluesky/lexicons.json, parsed once. */
  static bluesky(): LexiconContract {
    if (!this.held) {
      const file = readContractJson<LexiconFile>(BLUESKY_LEXICON_FILE);
      this.held = new LexiconContract(file, new Lexicons(file.lexicons as LexiconDoc[]));
    }
    return this.held;
  }

  /** Whether the lexicon (an NSID, or `nsid#def`) is held. */
  has(uri: string): boolean {
    return (uri.includes('#') ? this.lexicons.getDef(uri) : this.lexicons.get(uri)) !== undefined;
  }

  /** A definition (`app.bsky.feed.post`, `app.bsky.embed.images#image`); throws when not held. */
  definition(uri: string): LexUserType {
    const def = this.lexicons.getDef(uri);
    if (!def) throw new Error(`The lexicon ${uri} is not in ${BLUESKY_LEXICON_FILE}`);
    return def;
  }

  // Records, inputs and answers are checked as they travel, in JSON: blobs as `{ $type: 'blob', ref: { $link } }`,
  // bytes as `{ $bytes }`. jsonToLex turns those into the values the validator knows.

  /** Problems of a record written to `collection` (empty when valid), in the validator's words. */
  checkRecord(collection: string, record: unknown): ContractViolation[] {
    return this.violations(`record ${collection}`, 'request', () =>
      this.lexicons.assertValidRecord(collection, jsonToLex(record)),
    );
  }

  /** Problems of a procedure's JSON input. */
  checkInput(nsid: string, body: unknown): ContractViolation[] {
    return this.violations(nsid, 'request', () => this.lexicons.assertValidXrpcInput(nsid, jsonToLex(body)));
  }

  /** Problems of a query's parameters (strings as they came in the URL, arrays for repeated names). */
  checkParams(nsid: string, params: Record<string, unknown>): ContractViolation[] {
    return this.violations(nsid, 'request', () => this.lexicons.assertValidXrpcParams(nsid, params));
  }

  /** Problems of an answer's JSON body. */
  checkOutput(nsid: string, body: unknown): ContractViolation[] {
    return this.violations(nsid, 'response', () => this.lexicons.assertValidXrpcOutput(nsid, jsonToLex(body)));
  }

  private violations(operation: string, kind: ContractViolation['kind'], check: () => unknown): ContractViolation[] {
    const outcome = attempt(check);
    if (outcome.success) return [];
    return [{ network: 'bluesky', operation, kind, message: outcome.error.message }];
  }
}

function attempt(check: () => unknown): Validation {
  try {
    check();
    return { success: true };
  } catch (error) {
    return { success: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
