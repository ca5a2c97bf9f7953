// A parser for Graph API `fields=` expressions (field expansion): a comma-separated list where each item
// is a name, optional modifiers `.name(argument)`, and optional nested fields in braces, e.g.
//   id,picture{url},reactions.summary(total_count).limit(0),replies.limit(5){id,text}

export interface FieldModifier {
  name: string;
  argument: string;
}

export interface FieldSelection {
  name: string;
  modifiers: FieldModifier[];
  /** The nested selection in braces, if any. */
  children?: FieldSelection[];
}

export class FieldsSyntaxError extends Error {}

export function parseFields(expression: string): FieldSelection[] {
  const parser = new Parser(expression);
  const list = parser.list();
  parser.end();
  return list;
}

const NAME = /[A-Za-z0-9_]/;

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  list(): FieldSelection[] {
    const items = [this.item()];
    while (this.peek() === ',') {
      this.at++;
      items.push(this.item());
    }
    return items;
  }

  end(): void {
    this.skipSpace();
    if (this.at < this.text.length) this.fail(`unexpected "${this.text[this.at]}"`);
  }

  private item(): FieldSelection {
    const selection: FieldSelection = { name: this.name(), modifiers: [] };
    for (;;) {
      const next = this.peek();
      if (next === '.') {
        this.at++;
        const name = this.name();
        if (this.peek() !== '(') this.fail(`modifier "${name}" needs (…)`);
        selection.modifiers.push({ name, argument: this.argument() });
      } else if (next === '{') {
        if (selection.children) this.fail(`"${selection.name}" has two nested selections`);
        this.at++;
        selection.children = this.list();
        if (this.peek() !== '}') this.fail('missing "}"');
        this.at++;
      } else {
        return selection;
      }
    }
  }

  private name(): string {
    this.skipSpace();
    const start = this.at;
    while (this.at < this.text.length && NAME.test(this.text[this.at])) this.at++;
    if (start === this.at) this.fail('expected a field name');
    return this.text.slice(start, this.at);
  }

  /** "(…)" with balanced parentheses; the text between them. */
  private argument(): string {
    const start = ++this.at;
    let depth = 1;
    while (this.at < this.text.length && depth > 0) {
      if (this.text[this.at] === '(') depth++;
      else if (this.text[this.at] === ')') depth--;
      this.at++;
    }
    if (depth > 0) this.fail('missing ")"');
    return this.text.slice(start, this.at - 1);
  }

  private peek(): string | undefined {
    this.skipSpace();
    return this.text[this.at];
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++;
  }

  private fail(message: string): never {
    throw new FieldsSyntaxError(`${message} at ${this.at} in "${this.text}"`);
  }
}
