/**
 * Quoting for POSIX shells (sh, bash, zsh): an argument is printed as it is when it holds only
 * characters no shell treats specially, else in single quotes (inside them nothing is special; a
 * single quote is closed, escaped and reopened: `'\''`). A document goes in a here-document whose
 * delimiter is quoted (`<<'EOF'`: no expansion of `$`, backticks or backslashes inside) and chosen
 * so that no line of the document equals it. Pure.
 */

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One argument as a POSIX shell reads it back unchanged. */
export function shellQuote(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A here-document feeding `body` on standard input: `<<'EOF'` … `EOF`, the delimiter absent from the body's lines. */
export function hereDocument(body: string): { opener: string; text: string; delimiter: string } {
  const lines = body.replace(/\n$/, '').split('\n');
  let delimiter = 'EOF';
  for (let i = 2; lines.includes(delimiter); i++) delimiter = `EOF_${i}`;
  return { opener: `<<'${delimiter}'`, text: `${lines.join('\n')}\n${delimiter}`, delimiter };
}
