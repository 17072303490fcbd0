/**
 * The syntax error Go's encoding/json reports for a malformed document (the real server quotes it in
 * `couldn't get version/kind; json parse error: ...`), found with a scanner that follows Go's states.
 */

import { jsonDepthError, MAX_NESTING_DEPTH } from '../../text/nesting-depth';

class SyntaxErr extends Error {}

const GO_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\' };

/** encoding/json's quoteChar: strconv.Quote of one character, in single quotes. */
function quoteChar(c: string): string {
  if (c === "'") return `'\\''`;
  if (c === '"') return `'"'`;
  const escape = GO_ESCAPES[c];
  if (escape) return `'${escape}'`;
  const code = c.codePointAt(0) ?? 0;
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`;
  if (code >= 0x80 && code < 0xa0) return `'\\u${code.toString(16).padStart(4, '0')}'`;
  return `'${c}'`;
}

const EOF = 'unexpected end of JSON input';

class Scanner {
  pos = 0;
  private depth = 0;
  constructor(private readonly s: string) {}

  private peek(): string | undefined {
    return this.pos < this.s.length ? this.s[this.pos] : undefined;
  }

  private fail(context: string): never {
    const c = this.peek();
    if (c === undefined) throw new SyntaxErr(EOF);
    throw new SyntaxErr(`invalid character ${quoteChar(c)} ${context}`);
  }

  ws(): void {
    while (this.pos < this.s.length && ' \t\r\n'.includes(this.s[this.pos])) this.pos++;
  }

  value(): void {
    this.ws();
    const c = this.peek();
    if (c === undefined) throw new SyntaxErr(EOF);
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    this.fail('looking for beginning of value');
  }

  /** encoding/json's pushParseState: a container beyond the depth limit is an error where it opens. */
  private enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) throw new SyntaxErr(jsonDepthError(this.s[this.pos] as '{' | '['));
  }

  private object(): void {
    this.enter();
    this.pos++;
    this.ws();
    if (this.peek() === '}') {
      this.pos++;
      this.depth--;
      return;
    }
    for (;;) {
      this.ws();
      if (this.peek() !== '"') this.fail('looking for beginning of object key string');
      this.string();
      this.ws();
      if (this.peek() !== ':') this.fail('after object key');
      this.pos++;
      this.value();
      this.ws();
      const c = this.peek();
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === '}') {
        this.pos++;
        this.depth--;
        return;
      }
      this.fail('after object key:value pair');
    }
  }

  private array(): void {
    this.enter();
    this.pos++;
    this.ws();
    if (this.peek() === ']') {
      this.pos++;
      this.depth--;
      return;
    }
    for (;;) {
      this.value();
      this.ws();
      const c = this.peek();
      if (c === ',') {
        this.pos++;
        continue;
      }
      if (c === ']') {
        this.pos++;
        this.depth--;
        return;
      }
      this.fail('after array element');
    }
  }

  private string(): void {
    this.pos++;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new SyntaxErr(EOF);
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c < ' ') this.fail('in string literal');
      if (c === '\\') {
        this.pos++;
        const e = this.peek();
        if (e === undefined) throw new SyntaxErr(EOF);
        if (e === 'u') {
          this.pos++;
          for (let i = 0; i < 4; i++) {
            const h = this.peek();
            if (h === undefined || !/[0-9a-fA-F]/.test(h)) this.fail('in \\u hexadecimal character escape');
            this.pos++;
          }
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) this.fail('in string escape code');
      }
      this.pos++;
    }
  }

  private digits(): number {
    const start = this.pos;
    while (this.pos < this.s.length && this.s[this.pos] >= '0' && this.s[this.pos] <= '9') this.pos++;
    return this.pos - start;
  }

  private number(): void {
    if (this.peek() === '-') {
      this.pos++;
      const c = this.peek();
      if (c === undefined || c < '0' || c > '9') this.fail('in numeric literal');
    }
    if (this.peek() === '0') this.pos++;
    else this.digits();
    if (this.peek() === '.') {
      this.pos++;
      if (this.digits() === 0) this.fail('after decimal point in numeric literal');
    }
    const e = this.peek();
    if (e === 'e' || e === 'E') {
      this.pos++;
      const sign = this.peek();
      if (sign === '+' || sign === '-') this.pos++;
      if (this.digits() === 0) this.fail('in exponent of numeric literal');
    }
  }

  private literal(word: string): void {
    for (let i = 0; i < word.length; i++) {
      if (this.peek() !== word[i]) this.fail(`in literal ${word} (expecting ${quoteChar(word[i])})`);
      this.pos++;
    }
  }
}

/** Go's error text for `text`, or undefined when it is well-formed JSON. */
export function goJsonSyntaxError(text: string): string | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.value();
    scanner.ws();
    if (scanner.pos < text.length) return `invalid character ${quoteChar(text[scanner.pos])} after top-level value`;
    return undefined;
  } catch (err) {
    if (err instanceof SyntaxErr) return err.message;
    throw err;
  }
}
