/**
 * Label selectors exactly as apimachinery's `pkg/labels` parses and matches them (the string form
 * the API takes in `?labelSelector=`, and metav1.LabelSelector with matchLabels/matchExpressions).
 * Pure and browser-safe: the embedded cluster filters lists with it, the browser validates what the
 * user types with it, and the EndpointSlice controller matches Service selectors with it.
 *
 * Grammar (labels.Parse):
 *   <selector>    ::= <requirement> | <requirement> "," <selector>
 *   <requirement> ::= [!] KEY [ ("in" | "notin") "(" VALUES ")" | ("=" | "==" | "!=") VALUE | (">" | "<") INT ]
 * `gt`/`lt` (written `>`/`<`) ARE accepted by the API server's label selector parser; they match
 * only labels whose value parses as an integer. Errors carry the real messages, e.g.
 * `unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt`.
 */
import { fieldError, formatAggregate, FieldPath, formatFieldError, type FieldError } from './field-errors';
import type { LabelSelector } from './types/meta';
import { isQualifiedName, isValidLabelValue } from './validation/names';

/** selection.Operator values. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  /** Sorted and de-duplicated (the parser's sets.String), empty for exists / !. */
  values: string[];
}

const BINARY_OPERATORS = ['in', 'notin', '=', '==', '!=', 'gt', 'lt'];
const VALID_OPERATORS = [...BINARY_OPERATORS, 'exists', '!'];

function keyError(key: string, path: string): FieldError | undefined {
  const errs = isQualifiedName(key);
  return errs.length ? fieldError.invalid(path, key, errs.join('; ')) : undefined;
}

const INT64 = /^[+-]?[0-9]+$/;
function parseInt64(s: string): bigint | undefined {
  if (!INT64.test(s)) return undefined;
  const n = BigInt(s);
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined;
  return n;
}

/**
 * labels.NewRequirement: validates and builds one requirement. `path` is the field path prefix
 * (the parser passes none). Throws Error with the aggregate message.
 */
export function newLabelRequirement(key: string, operator: LabelOperator, values: readonly string[], path = ''): LabelRequirement {
  const errs: FieldError[] = [];
  const p = (name: string) => (path ? `${path}.${name}` : name);
  const ke = keyError(key, p('key'));
  if (ke) errs.push(ke);
  const valuePath = FieldPath.root(p('values'));
  switch (operator) {
    case 'in':
    case 'notin':
      if (values.length === 0) errs.push(fieldError.invalid(valuePath, [...values], "for 'in', 'notin' operators, values set can't be empty"));
      break;
    case '=':
    case '==':
    case '!=':
      if (values.length !== 1) errs.push(fieldError.invalid(valuePath, [...values], 'exact-match compatibility requires one single value'));
      break;
    case 'exists':
    case '!':
      if (values.length !== 0) errs.push(fieldError.invalid(valuePath, [...values], 'values set must be empty for exists and does not exist'));
      break;
    case 'gt':
    case 'lt':
      if (values.length !== 1) errs.push(fieldError.invalid(valuePath, [...values], "for 'Gt', 'Lt' operators, exactly one value is required"));
      values.forEach((v, i) => {
        if (parseInt64(v) === undefined) errs.push(fieldError.invalid(valuePath.index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"));
      });
      break;
    default:
      errs.push(fieldError.notSupported(p('operator'), String(operator), VALID_OPERATORS));
  }
  values.forEach((v, i) => {
    const ve = isValidLabelValue(v);
    if (ve.length) errs.push(fieldError.invalid(valuePath.index(i).key(key), v, ve.join('; ')));
  });
  if (errs.length) throw new Error(formatAggregate(errs));
  return { key, operator, values: [...values] };
}

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

function byKey(a: LabelRequirement, b: LabelRequirement): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * labels.Parse. An empty (or blank) string selects everything and yields no requirements.
 * Throws Error with the real parser message (the API server answers it as a 400 BadRequest).
 */
export function parseLabelSelector(text: string): LabelRequirement[] {
  return new Parser(lex(text)).parse().sort(byKey);
}

/** Requirement.Matches for one requirement. */
export function matchesLabelRequirement(r: LabelRequirement, labels: Readonly<Record<string, string>> | undefined): boolean {
  const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels[r.key] : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return has && r.values.includes(value as string);
    case 'notin':
    case '!=':
      return !has || !r.values.includes(value as string);
    case 'exists':
      return has;
    case '!':
      return !has;
    case 'gt':
    case 'lt': {
      if (!has || r.values.length !== 1) return false;
      const lv = parseInt64(value as string);
      const rv = parseInt64(r.values[0]);
      if (lv === undefined || rv === undefined) return false;
      return r.operator === 'gt' ? lv > rv : lv < rv;
    }
    default:
      return false;
  }
}

/** All requirements match (an empty list matches everything). */
export function matchesLabelRequirements(reqs: readonly LabelRequirement[], labels: Readonly<Record<string, string>> | undefined): boolean {
  return reqs.every((r) => matchesLabelRequirement(r, labels));
}

/**
 * metav1.LabelSelectorAsSelector. `{}` selects everything (`[]`); a null/absent selector selects
 * nothing (`null`). Throws Error with the real message for a bad operator, key or value.
 */
export function labelSelectorToRequirements(sel: LabelSelector): LabelRequirement[];
export function labelSelectorToRequirements(sel: LabelSelector | null | undefined): LabelRequirement[] | null;
export function labelSelectorToRequirements(sel: LabelSelector | null | undefined): LabelRequirement[] | null {
  if (sel === null || sel === undefined) return null;
  const reqs: LabelRequirement[] = [];
  for (const [k, v] of Object.entries(sel.matchLabels ?? {})) reqs.push(newLabelRequirement(k, '=', [v]));
  for (const expr of sel.matchExpressions ?? []) {
    const op = ({ In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' } as const)[expr.operator];
    if (!op) throw new Error(`${JSON.stringify(expr.operator)} is not a valid label selector operator`);
    reqs.push(newLabelRequirement(expr.key, op, [...(expr.values ?? [])]));
  }
  return reqs.sort(byKey);
}

/**
 * Does a Service-style selector (a plain map) select these labels? An empty or absent selector
 * selects NOTHING here: the real EndpointSlice and Endpoints controllers skip Services whose
 * `spec.selector` is nil ("services without a selector receive no endpoint slices from this
 * controller"), and an empty map does not survive the API server's storage round trip as anything
 * but nil, so `selector: {}` behaves the same. (labels.SelectorFromSet({}) would be Everything();
 * that is why this is not simply a set-based match.)
 */
export function selectorMatches(selector: Readonly<Record<string, string>> | null | undefined, labels: Readonly<Record<string, string>> | undefined): boolean {
  if (!selector) return false;
  const entries = Object.entries(selector);
  if (entries.length === 0) return false;
  if (!labels) return false;
  return entries.every(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v);
}

/** Requirement.String / Selector.String: `a=b,c in (x,y),!d`. */
export function formatLabelRequirements(reqs: readonly LabelRequirement[]): string {
  return reqs
    .map((r) => {
      const prefix = r.operator === '!' ? '!' : '';
      if (r.operator === 'exists' || r.operator === '!') return `${prefix}${r.key}`;
      const op = { in: ' in ', notin: ' notin ', '=': '=', '==': '==', '!=': '!=', gt: '>', lt: '<' }[r.operator];
      const vals = r.values.length === 1 ? r.values[0] : [...r.values].sort().join(',');
      return r.operator === 'in' || r.operator === 'notin' ? `${r.key}${op}(${vals})` : `${r.key}${op}${vals}`;
    })
    .join(',');
}

/** labels.FormatLabels: `a=b,c=d` sorted by key, or `<none>`. */
export function formatLabels(labels: Readonly<Record<string, string>> | null | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0 || !labels) return '<none>';
  return keys.map((k) => `${k}=${labels[k]}`).join(',');
}
