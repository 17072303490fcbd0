/**
 * The label selector string parser, a port of apimachinery's labels.Lexer and labels.Parser
 * (same tokens, same contexts in which `in`/`notin` are identifiers, same error texts). Pure and
 * browser-safe; `labels.ts` is the public entry point.
 */
import { formatFieldError } from './field-errors';
import { BINARY_OPERATORS, keyError, newLabelRequirement, type LabelOperator, type LabelRequirement } from './label-requirement';

// ---- lexer (labels.Lexer) ----

type Tok =
  | 'error'
  | 'eos'
  | ')'
  | ','
  | '!'
  | '=='
  | '='
  | '>'
  | 'id'
  | 'in'
  | '<'
  | '!='
  | 'notin'
  | '(';

const STRING_TO_TOKEN: Record<string, Tok> = {
  ')': ')',
  ',': ',',
  '!': '!',
  '==': '==',
  '=': '=',
  '>': '>',
  in: 'in',
  '<': '<',
  '!=': '!=',
  notin: 'notin',
  '(': '(',
};

interface Item {
  tok: Tok;
  lit: string;
}

const isWhitespace = (c: string) => c === ' ' || c === '\t' || c === '\r' || c === '\n';
const isSpecial = (c: string) => c === '=' || c === '!' || c === '(' || c === ')' || c === ',' || c === '>' || c === '<';

function lex(s: string): Item[] {
  let pos = 0;
  // Go's lexer reads bytes and treats byte 0 as the end of input.
  const read = (): string => {
    if (pos < s.length) return s[pos++];
    return '\0';
  };
  const items: Item[] = [];
  for (;;) {
    let ch = read();
    while (isWhitespace(ch)) ch = read();
    let item: Item;
    if (ch === '\0') {
      item = { tok: 'eos', lit: '' };
    } else if (isSpecial(ch)) {
      pos--;
      let buffer = '';
      let last: Item | undefined;
      for (;;) {
        const c = read();
        if (c === '\0') break;
        if (!isSpecial(c)) {
          pos--;
          break;
        }
        buffer += c;
        const t = Object.prototype.hasOwnProperty.call(STRING_TO_TOKEN, buffer) ? STRING_TO_TOKEN[buffer] : undefined;
        if (t) last = { tok: t, lit: buffer };
        else if (last) {
          pos--;
          break;
        }
      }
      item = last ?? { tok: 'error', lit: `error expected: keyword found '${buffer}'` };
    } else {
      pos--;
      let buffer = '';
      for (;;) {
        const c = read();
        if (c === '\0') break;
        if (isSpecial(c) || isWhitespace(c)) {
          pos--;
          break;
        }
        buffer += c;
      }
      const t = buffer === 'in' || buffer === 'notin' ? buffer : 'id';
      item = { tok: t, lit: buffer };
    }
    items.push(item);
    if (item.tok === 'eos') return items;
  }
}

// ---- parser (labels.Parser) ----

class Parser {
  private position = 0;
  constructor(private readonly items: Item[]) {}

  private get(i: number, values: boolean): Item {
    const it = this.items[i];
    if (values && (it.tok === 'in' || it.tok === 'notin')) return { tok: 'id', lit: it.lit };
    return it;
  }
  lookahead(values: boolean): Item {
    return this.get(this.position, values);
  }
  consume(values: boolean): Item {
    return this.get(this.position++, values);
  }

  parse(): LabelRequirement[] {
    const reqs: LabelRequirement[] = [];
    for (;;) {
      const { tok, lit } = this.lookahead(true);
      if (tok === 'id' || tok === '!') {
        let r: LabelRequirement;
        try {
          r = this.parseRequirement();
        } catch (e) {
          throw new Error(`unable to parse requirement: ${(e as Error).message}`);
        }
        reqs.push(r);
        const t = this.consume(true);
        if (t.tok === 'eos') return reqs;
        if (t.tok === ',') {
          const t2 = this.lookahead(true);
          if (t2.tok !== 'id' && t2.tok !== '!') throw new Error(`found '${t2.lit}', expected: identifier after ','`);
        } else {
          throw new Error(`found '${t.lit}', expected: ',' or 'end of string'`);
        }
      } else if (tok === 'eos') {
        return reqs;
      } else {
        throw new Error(`found '${lit}', expected: !, identifier, or 'end of string'`);
      }
    }
  }

  private parseRequirement(): LabelRequirement {
    let operator: LabelOperator | '' = '';
    let { tok, lit } = this.consume(true);
    if (tok === '!') {
      operator = '!';
      ({ tok, lit } = this.consume(true));
    }
    if (tok !== 'id') throw new Error(`found '${lit}', expected: identifier`);
    const ke = keyError(lit, '<nil>');
    if (ke) throw new Error(formatFieldError(ke));
    const key = lit;
    const next = this.lookahead(true).tok;
    if ((next === 'eos' || next === ',') && operator !== '!') operator = 'exists';
    if (operator === 'exists' || operator === '!') return newLabelRequirement(key, operator, []);
    const op = this.parseOperator();
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    return newLabelRequirement(key, op, [...values].sort());
  }

  private parseOperator(): LabelOperator {
    const { tok, lit } = this.consume(false);
    switch (tok) {
      case 'in':
        return 'in';
      case '=':
        return '=';
      case '==':
        return '==';
      case '>':
        return 'gt';
      case '<':
        return 'lt';
      case 'notin':
        return 'notin';
      case '!=':
        return '!=';
      default:
        throw new Error(`found '${lit}', expected: ${BINARY_OPERATORS.join(', ')}`);
    }
  }

  private parseValues(): Set<string> {
    let { tok, lit } = this.consume(true);
    if (tok !== '(') throw new Error(`found '${lit}' expected: '('`);
    ({ tok, lit } = this.lookahead(true));
    if (tok === 'id' || tok === ',') {
      const s = this.parseIdentifiersList();
      if (this.consume(true).tok !== ')') throw new Error(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === ')') {
      this.consume(true);
      return new Set(['']);
    }
    throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): Set<string> {
    const s = new Set<string>();
    for (;;) {
      const { tok, lit } = this.consume(true);
      if (tok === 'id') {
        s.add(lit);
        const t2 = this.lookahead(true);
        if (t2.tok === ',') continue;
        if (t2.tok === ')') return s;
        throw new Error(`found '${t2.lit}', expected: ',' or ')'`);
      } else if (tok === ',') {
        if (s.size === 0) s.add('');
        const t2 = this.lookahead(true).tok;
        if (t2 === ')') {
          s.add('');
          return s;
        }
        if (t2 === ',') {
          this.consume(true);
          s.add('');
        }
      } else {
        throw new Error(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): Set<string> {
    const ahead = this.lookahead(true).tok;
    if (ahead === 'eos' || ahead === ',') return new Set(['']);
    const { tok, lit } = this.consume(true);
    if (tok === 'id') return new Set([lit]);
    throw new Error(`found '${lit}', expected: identifier`);
  }
}

/** labels.parse (before sorting): the requirements in input order, or Error with the real message. */
export function parseRequirements(text: string): LabelRequirement[] {
  return new Parser(lex(text)).parse();
}
