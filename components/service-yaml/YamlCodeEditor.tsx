'use client';
/**
 * The Monaco editor holding the Service text: our marker layers (syntax, Service rules, server dry
 * run, conflicts) set as model markers, monaco-yaml's schema markers read back, every marker labelled
 * with its source. Loaded only through `dynamic(..., { ssr: false })`.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { JSONSchema } from 'monaco-yaml';
import { MARKER_SOURCE_LABEL, type MarkerSource, type YamlMarker } from '../../lib/service-yaml/markers';
import { monaco, SERVICE_MODEL_PATH, setServiceSchema, setupMonaco } from './monaco-setup';
import { RecentEchoes } from './recent-echoes';

export interface EditorHandle {
  reveal(line: number, column: number): void;
  focus(): void;
  /** Selects text offsets start..end and focuses the editor. */
  select(start: number, end: number): void;
}

export interface YamlCodeEditorProps {
  value: string;
  onChange(text: string): void;
  readOnly: boolean;
  /** Our marker layers. */
  markers: readonly YamlMarker[];
  schema?: JSONSchema;
  /** monaco-yaml's own markers (schema), reported whenever they change. */
  onSchemaMarkers(markers: YamlMarker[]): void;
  handleRef: RefObject<EditorHandle | null>;
  /** Fold the block starting at this line once (status). */
  foldLine?: number;
  ariaLabel: string;
  onReady?(): void;
}

const SEVERITY: Record<YamlMarker['severity'], monaco.MarkerSeverity> = {
  error: 8 as monaco.MarkerSeverity,
  warning: 4 as monaco.MarkerSeverity,
  info: 2 as monaco.MarkerSeverity,
};
const OWN_SOURCES: MarkerSource[] = ['syntax', 'rules', 'server', 'conflict'];

let modelSeq = 0;

function toSeverity(s: monaco.MarkerSeverity): YamlMarker['severity'] {
  return s >= 8 ? 'error' : s >= 4 ? 'warning' : 'info';
}

export default function YamlCodeEditor(props: YamlCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  /** The marker layers last given to the model (serialized), to skip unchanged ones. */
  const setLayers = useRef(new Map<MarkerSource, string>());
  /** The texts this editor reported through onChange lately. */
  const reported = useRef(new RecentEchoes<string>());
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const m = setupMonaco();
    const model = m.editor.createModel(latest.current.value, 'yaml', m.Uri.parse(`file:///${++modelSeq}/${SERVICE_MODEL_PATH}`));
    const editor = m.editor.create(host.current as HTMLDivElement, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      tabSize: 2,
      fontSize: 13,
      ariaLabel: latest.current.ariaLabel,
      readOnly: latest.current.readOnly,
      quickSuggestions: { other: true, comments: false, strings: true },
      fixedOverflowWidgets: true,
      folding: true,
    });
    editorRef.current = editor;
    latest.current.handleRef.current = {
      reveal(line, column) {
        editor.setPosition({ lineNumber: line, column });
        editor.revealLineInCenter(line);
        editor.focus();
      },
      focus: () => editor.focus(),
      select(start, end) {
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        editor.setSelection({ startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column });
        editor.revealPositionInCenterIfOutsideViewport(to);
        editor.focus();
      },
    };
    const sub = model.onDidChangeContent(() => {
      const text = model.getValue();
      reported.current.add(text);
      // Rendered synchronously: the Service-rule markers reach the model in the keystroke's own task.
      if (text !== latest.current.value) flushSync(() => latest.current.onChange(text));
    });
    const markerSub = m.editor.onDidChangeMarkers((uris) => {
      if (!uris.some((u) => u.toString() === model.uri.toString())) return;
      const schema = m.editor.getModelMarkers({ resource: model.uri, owner: 'yaml' });
      latest.current.onSchemaMarkers(
        schema.map((x) => ({
          startLine: x.startLineNumber,
          startColumn: x.startColumn,
          endLine: x.endLineNumber,
          endColumn: x.endColumn,
          severity: toSeverity(x.severity),
          source: 'schema',
          message: x.message,
        })),
      );
    });
    latest.current.onReady?.();
    return () => {
      sub.dispose();
      markerSub.dispose();
      editor.dispose();
      model.dispose();
      latest.current.handleRef.current = null;
    };
  }, []);

  // Text set from outside (form edit, merge, reset): replace as one undoable edit. A value this editor
  // reported itself is an echo (possibly of an older keystroke while typing fast): never written back.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || model.getValue() === props.value || reported.current.has(props.value)) return;
    editor.executeEdits('porthole', [{ range: model.getFullModelRange(), text: props.value }]);
    editor.pushUndoStop();
  }, [props.value]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: props.readOnly, readOnlyMessage: { value: 'This editor is read-only.' } });
  }, [props.readOnly]);

  useEffect(() => {
    setServiceSchema(props.schema);
  }, [props.schema]);

  // Layout effect: the markers reach the model in the same frame as the keystroke's render.
  useLayoutEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    for (const source of OWN_SOURCES) {
      const layer = props.markers.filter((x) => x.source === source);
      const key = JSON.stringify(layer);
      if (setLayers.current.get(source) === key) continue; // unchanged layer: no work for Monaco
      setLayers.current.set(source, key);
      monaco.editor.setModelMarkers(
        model,
        `porthole-${source}`,
        layer.map((x) => ({
          startLineNumber: x.startLine,
          startColumn: x.startColumn,
          endLineNumber: x.endLine,
          endColumn: Math.max(x.endColumn, x.startLine === x.endLine ? x.startColumn + 1 : x.endColumn),
          severity: SEVERITY[x.severity],
          message: x.message,
          source: MARKER_SOURCE_LABEL[source],
        })),
      );
    }
    // When our markers last reached the model (the keystroke → markers benchmark reads it).
    if (host.current) host.current.dataset.markersAt = String(performance.now());
  }, [props.markers]);

  const folded = useRef(false);
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || folded.current || !props.foldLine) return;
    folded.current = true;
    // Fold by line (the folding ranges come from the YAML worker, so this may complete later); the cursor stays at the top.
    editor.trigger('porthole', 'editor.fold', { selectionLines: [props.foldLine - 1], levels: 1 });
    editor.setScrollTop(0);
  }, [props.foldLine]);

  return <div ref={host} className="sy-monaco" data-testid="yaml-editor" data-schema={props.schema ? 'ready' : 'loading'} />;
}
