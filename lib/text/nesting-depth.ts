/**
 * Nesting depth of request bodies. The real server's decoders refuse a document nested deeper than
 * 10,000 levels (encoding/json's scanner: `invalid character '{' exceeded max depth`; go-yaml:
 * `exceeded max depth of 10000`). Here the limit is lower, 500 levels: the decoders, patchers and
 * validation recurse, and JavaScript's stack does not take 10,000 levels of them (a body that deep
 * answered 500 "Maximum call stack size exceeded"). No Kubernetes object comes near 500 levels.
 */
export const MAX_NESTING_DEPTH = 500;

/** encoding/json's scanner error for a container opened at one level too deep. */
export function jsonDepthError(open: '{' | '['): string {
  return `invalid character '${open}' exceeded max depth`;
}

/** go-yaml's error for a document nested too deep. */
export const YAML_DEPTH_ERROR = `exceeded max depth of ${MAX_NESTING_DEPTH}`;

/** go-yaml's wording with the line of the container too deep (go-yaml leaves out line 1). */
export function yamlDepthError(line: number): string {
  return line > 1 ? `line ${line}: ${YAML_DEPTH_ERROR}` : YAML_DEPTH_ERROR;
}

/**
 * The opening character of the first container nested deeper than `max` (the top-level container
 * is level 1), or undefined. Iterative, so every depth is safe to measure.
 */
export function excessNesting(value: unknown, max = MAX_NESTING_DEPTH): '{' | '[' | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const top = stack.pop() as { value: unknown; depth: number };
    if (typeof top.value !== 'object' || top.value === null) continue;
    if (top.depth > max) return Array.isArray(top.value) ? '[' : '{';
    const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: top.depth + 1 });
  }
  return undefined;
}

/** Whether a parser gave up because the document was too deep for the stack (the yaml package wraps it). */
export function isStackOverflow(err: unknown): boolean {
  return err instanceof Error && (err instanceof RangeError || err.message.includes('Maximum call stack size exceeded'));
}
