/**
 * How deep a JSON or YAML text nests, found before any parser builds it: one pass, time linear in
 * the text, stopping at the first container past the limit. Parsers cost far more per node than
 * this pass (the `yaml` package took 16 s for 1 MiB of `[[[…]]]`), so every body of user input is
 * measured here first: the embedded cluster's decoders, Porthole's API routes and the YAML editor.
 *
 * - JSON: `{` and `[` outside strings (escapes understood) open a level; the count is exact.
 * - YAML: the text is cut into tokens by the `yaml` package's own lexer (the first stage of the very
 *   parser that would run next, so quoted scalars, comments, block scalars, multi-line plain scalars
 *   and flow collections are cut exactly as the parser cuts them: nothing can hide brackets from this
 *   pass and not from the parser). Levels are flow collections, the implicit one-pair mappings inside
 *   flow sequences (`[a: b]`), and block collections by indentation (`key:` opens a mapping at the
 *   key's column, `-` a sequence at its column, compact `- - x` and `- a: b` included).
 *
 * Aliases are not expanded here: the parsers bound alias expansion (maxAliasCount), and the decoded
 * value is measured again after parsing (lib/text/nesting-depth.ts).
 */
import { Lexer } from 'yaml';

export type NestingSyntax = 'json' | 'yaml';

export interface NestingExcess {
  /** Offset in the text of the container that went past the limit. */
  offset: number;
  /** 1-based line of that container. */
  line: number;
  /** Its opening character: `{` or `[` (for a block collection: `{` mapping, `[` sequence). */
  open: '{' | '[';
  /** The depth reached there (the limit plus one). */
  depth: number;
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The first container nested deeper than `max` levels (the top-level container is level 1), or undefined. */
export function findExcessNesting(text: string, max: number, syntax: NestingSyntax): NestingExcess | undefined {
  const found = syntax === 'json' ? scanJson(text, max) : scanYaml(text, max);
  return found && { ...found, line: lineAt(text, found.offset) };
}

/** The deepest level of `text` (for tests and measurements; stops counting past `cap`). */
export function nestingDepth(text: string, syntax: NestingSyntax, cap = Number.MAX_SAFE_INTEGER): number {
  let depth = 0;
  const probe = (d: number): boolean => {
    if (d > depth) depth = d;
    return d > cap;
  };
  if (syntax === 'json') scanJson(text, cap, probe);
  else scanYaml(text, cap, probe);
  return depth;
}

type Found = Omit<NestingExcess, 'line'>;
type Probe = (depth: number) => boolean;

const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;

function scanJson(text: string, max: number, probe?: Probe): Found | undefined {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (probe ? probe(depth) : depth > max) return { offset: i, open: c === OPEN_BRACE ? '{' : '[', depth };
    } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && depth > 0) depth--;
  }
  return undefined;
}

/** The lexer's control tokens (document mode, flow error end, scalar marker) take no source text. */
const CONTROL_TOKENS = new Set(['\u0002', '\u0018', '\u001f']);
const FLOW_PAIR = 0;
const FLOW_SEQ = 1;
const FLOW_MAP = 2;
const BLOCK_MAP = 0;
const BLOCK_SEQ = 1;

function scanYaml(text: string, max: number, probe?: Probe): Found | undefined {
  const blockCols: number[] = [];
  const blockKinds: number[] = [];
  const flow: number[] = [];
  let offset = 0;
  let lineStart = 0;
  /** Column of the first token of the node being read on this line (a key, if a `:` follows). */
  let nodeCol = -1;
  const exceeds = (): boolean => {
    const depth = blockCols.length + flow.length;
    return probe ? probe(depth) : depth > max;
  };
  const found = (open: '{' | '['): Found => ({ offset, open, depth: blockCols.length + flow.length });
  /** A block collection of `kind` at `col`: pops the ones it ends, pushes it unless it continues the top one. */
  const enterBlock = (col: number, kind: number): boolean => {
    for (;;) {
      const top = blockCols.length - 1;
      if (top < 0) break;
      const topCol = blockCols[top];
      if (topCol > col || (topCol === col && blockKinds[top] === BLOCK_SEQ && kind === BLOCK_MAP)) {
        blockCols.pop();
        blockKinds.pop();
      } else break;
    }
    const top = blockCols.length - 1;
    if (top >= 0 && blockCols[top] === col && blockKinds[top] === kind) return false;
    blockCols.push(col);
    blockKinds.push(kind);
    return exceeds();
  };
  for (const token of new Lexer().lex(text)) {
    if (CONTROL_TOKENS.has(token)) {
      if (token === '\u0018') flow.length = 0; // the lexer ended an unterminated flow collection
      continue;
    }
    const start = offset;
    offset += token.length;
    const c = token.charCodeAt(0);
    const col = start - lineStart;
    if (flow.length > 0) {
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        flow.push(c === OPEN_BRACE ? FLOW_MAP : FLOW_SEQ);
        if (exceeds()) return { ...found(c === OPEN_BRACE ? '{' : '['), offset: start };
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (flow[flow.length - 1] === FLOW_PAIR) flow.pop();
        flow.pop();
      } else if (token === ',') {
        if (flow[flow.length - 1] === FLOW_PAIR) flow.pop();
      } else if ((token === ':' || token === '?') && flow[flow.length - 1] === FLOW_SEQ) {
        flow.push(FLOW_PAIR);
        if (exceeds()) return { ...found('{'), offset: start };
      }
    } else if (token === '---' || token === '...') {
      if (col === 0) {
        blockCols.length = 0;
        blockKinds.length = 0;
        nodeCol = -1;
      }
    } else if (c === 10 || c === 13) {
      nodeCol = -1;
    } else if (token === '-' || token === '?') {
      if (enterBlock(col, token === '-' ? BLOCK_SEQ : BLOCK_MAP)) return { ...found(token === '-' ? '[' : '{'), offset: start };
      nodeCol = -1;
    } else if (token === ':') {
      if (enterBlock(nodeCol >= 0 ? nodeCol : col, BLOCK_MAP)) return { ...found('{'), offset: start };
      nodeCol = -1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (nodeCol < 0) nodeCol = col;
      flow.push(c === OPEN_BRACE ? FLOW_MAP : FLOW_SEQ);
      if (exceeds()) return { ...found(c === OPEN_BRACE ? '{' : '['), offset: start };
    } else if (c !== 32 && c !== 9 && c !== 35 /* # */ && nodeCol < 0) {
      nodeCol = col;
    }
    // Multi-line tokens (scalars, newlines) move the start of the current line.
    const nl = token.lastIndexOf('\n');
    if (nl !== -1) lineStart = start + nl + 1;
  }
  return undefined;
}
