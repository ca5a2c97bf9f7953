const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * Whether JSON text holds more than `max` fields (object keys and array items, counted at every
 * level, as shapeProblems counts them), found by scanning the text without parsing it and stopping
 * at the bound. Parsing builds every key first: 60,000 of them cost tens of milliseconds of the one
 * thread that serves everyone, for a body refused anyway. Malformed text is counted as far as it
 * goes; the parser refuses it afterwards.
 */
export function hasMoreJsonFieldsThan(text: string, max: number): boolean {
  // Containers open around the current position: true for an array.
  const inArray: boolean[] = [];
  // Just after an array's `[`: its first value, if any, is an item.
  let awaitingFirstItem = false;
  let fields = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    if (awaitingFirstItem) {
      awaitingFirstItem = false;
      if (code !== CLOSE_BRACKET && ++fields > max) return true;
    }
    if (code === QUOTE) {
      index = endOfString(text, index);
    } else if (code === COLON) {
      if (++fields > max) return true;
    } else if (code === COMMA) {
      if (inArray[inArray.length - 1] && ++fields > max) return true;
    } else if (code === OPEN_BRACE) {
      inArray.push(false);
    } else if (code === OPEN_BRACKET) {
      inArray.push(true);
      awaitingFirstItem = true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      inArray.pop();
    }
  }
  return false;
}

/** The index of the quote that closes the string opened at `start` (or the text's end). */
function endOfString(text: string, start: number): number {
  let index = start;
  for (;;) {
    index = text.indexOf('"', index + 1);
    if (index < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(index - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return index;
  }
}
