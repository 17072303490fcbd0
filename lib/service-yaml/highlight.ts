/**
 * A YAML line split into coloured parts for the plain editor shown while Monaco loads (the YAML
 * editor's first paint): indentation and list dashes, a mapping key, the value (string, number,
 * true/false/null) and a trailing comment. Line by line, no parse: block scalars and flow collections
 * are coloured as plain text where the line alone cannot tell. The parts always join to the line.
 */
export type YamlTokenKind = 'key' | 'string' | 'number' | 'literal' | 'comment' | 'punct' | 'text';

export interface YamlToken {
  kind: YamlTokenKind;
  text: string;
}

const LEAD = /^(\s*(?:-\s+)*)/;
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},&*!|>%@`-][^#]*?|-[^\s#][^#]*?)(:)(?=\s|$)/;
const NUMBER = /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+|0x[0-9a-fA-F]+|0o[0-7]+|\.inf|\.nan)$/i;
const LITERAL = /^(?:true|false|null|~|yes|no|on|off)$/i;

/** Where a comment starts in a value (a `#` after a space, outside quotes), or -1. */
function commentStart(value: string): number {
  let quote: string | undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(value[i - 1]))) return i;
  }
  return -1;
}

function valueKind(value: string): YamlTokenKind {
  const v = value.trim();
  if (NUMBER.test(v)) return 'number';
  if (LITERAL.test(v)) return 'literal';
  if (/^[|>][-+0-9]*$/.test(v) || /^[[{]/.test(v)) return 'punct';
  return 'string';
}

function pushValue(out: YamlToken[], rest: string): void {
  const at = commentStart(rest);
  const value = at < 0 ? rest : rest.slice(0, at);
  const lead = /^\s*/.exec(value)![0];
  const body = value.slice(lead.length);
  const trail = /\s*$/.exec(body)![0];
  if (lead) out.push({ kind: 'text', text: lead });
  if (body.trim()) out.push({ kind: valueKind(body), text: body.slice(0, body.length - trail.length) });
  if (trail && body.trim()) out.push({ kind: 'text', text: trail });
  if (at >= 0) out.push({ kind: 'comment', text: rest.slice(at) });
}

export function highlightYamlLine(line: string): YamlToken[] {
  const out: YamlToken[] = [];
  if (/^\s*#/.test(line) || /^(?:---|\.\.\.)\s*$/.test(line)) return [{ kind: line.trim().startsWith('#') ? 'comment' : 'punct', text: line }];
  const lead = LEAD.exec(line)![1];
  if (lead) {
    const indent = /^\s*/.exec(lead)![0];
    if (indent) out.push({ kind: 'text', text: indent });
    if (lead.length > indent.length) out.push({ kind: 'punct', text: lead.slice(indent.length) });
  }
  const rest = line.slice(lead.length);
  const key = KEY.exec(rest);
  if (key) {
    out.push({ kind: 'key', text: key[1] }, { kind: 'punct', text: key[2] });
    pushValue(out, rest.slice(key[0].length));
  } else {
    pushValue(out, rest);
  }
  return out;
}
