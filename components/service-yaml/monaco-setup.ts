/**
 * Monaco for the YAML editor, set up once per page: the workers (Monaco's editor worker and
 * monaco-yaml's language worker, bundled by Turbopack from `new URL(..., import.meta.url)`), and
 * monaco-yaml configured with the cluster's Service schema. Imported only by the editor component,
 * which pages load with `dynamic(..., { ssr: false })`, so no other route ships Monaco.
 */
import * as monaco from 'monaco-editor';
import { conf as yamlEditingRules, language as yamlTokens } from 'monaco-editor/esm/vs/basic-languages/yaml/yaml.js';
import { configureMonacoYaml, type JSONSchema, type MonacoYaml } from 'monaco-yaml';

export { monaco };

/** The model the Service text lives in; the schema's fileMatch names it. */
export const SERVICE_MODEL_PATH = 'porthole-service.yaml';
const SCHEMA_URI = 'porthole://schemas/io.k8s.api.core.v1.Service.json';

let yamlSupport: MonacoYaml | undefined;
let themeFollowed = false;
let cancellationsDropped = false;

/** Monaco's CancellationError (vs/base/common/errors: name and message are both 'Canceled'). */
function isMonacoCancellation(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled';
}

/**
 * An editor disposed while some of its work is pending cancels that work by rejecting promises
 * nothing awaits (the word highlighter's 50 ms Delayer after a focus or a cursor move, for one: the
 * edit page's Form tab pressed right after the YAML editor took the focus). VS Code's own error handler
 * drops these cancellations; the standalone editor leaves them as unhandled rejections, uncaught errors
 * of the page. Drop exactly those, as VS Code does; every other rejection stays as it is.
 */
function dropMonacoCancellations(): void {
  if (cancellationsDropped) return;
  cancellationsDropped = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (isMonacoCancellation(event.reason)) event.preventDefault();
  });
}

/** Monaco's theme for Porthole's (the `data-theme` the layout script and the theme switch set on <html>). */
function applyPageTheme(): void {
  monaco.editor.setTheme(document.documentElement.dataset.theme === 'dark' ? 'vs-dark' : 'vs');
}

/** Keeps every editor in the page's light/dark theme, also when the user switches it. */
function followPageTheme(): void {
  if (themeFollowed) return;
  themeFollowed = true;
  applyPageTheme();
  new MutationObserver(applyPageTheme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
}

declare global {
  var MonacoEnvironment: monaco.Environment | undefined;
}

export function setupMonaco(): typeof monaco {
  dropMonacoCancellations();
  if (!globalThis.MonacoEnvironment) {
    globalThis.MonacoEnvironment = {
      getWorker(_workerId: string, label: string): Worker {
        if (label === 'yaml') return new Worker(new URL('monaco-yaml/yaml.worker', import.meta.url));
        return new Worker(new URL('monaco-editor/esm/vs/editor/editor.worker', import.meta.url));
      },
    };
  }
  if (!yamlSupport) {
    // Monaco loads its YAML language (colours, indent after "key:") lazily, after the model exists:
    // someone typing at once got no indentation. Set here, it is there from the first keystroke.
    monaco.languages.setLanguageConfiguration('yaml', yamlEditingRules);
    monaco.languages.setMonarchTokensProvider('yaml', yamlTokens);
  }
  yamlSupport ??= configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    hover: true,
    completion: true,
    validate: true,
    format: { enable: false },
    schemas: [],
  });
  followPageTheme();
  return monaco;
}

/** Points monaco-yaml at the Service schema (or at none while it loads). */
export function setServiceSchema(schema: JSONSchema | undefined): void {
  void yamlSupport?.update({
    enableSchemaRequest: false,
    hover: true,
    completion: true,
    validate: true,
    format: { enable: false },
    schemas: schema ? [{ uri: SCHEMA_URI, fileMatch: [`**/${SERVICE_MODEL_PATH}`], schema }] : [],
  });
}
