'use client';
/**
 * The YAML view of a Service draft, shared by "Edit YAML", "Create from YAML" and the YAML tab of the
 * form pages: Monaco with the cluster's schema, four labelled marker layers, a problems panel.
 * The text is the source of truth while this pane is shown; every parse without problems becomes the
 * shared draft (`onDraftChange`), and a draft changed elsewhere (the form) is written into the text
 * keeping the user's comments.
 */
import dynamic from 'next/dynamic';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { JSONSchema } from 'monaco-yaml';
import type { Service } from '../../lib/k8s/types';
import { useServiceJsonSchema } from '../../lib/client/openapi';
import { editorObject, serviceToYaml, statusLine } from '../../lib/service-yaml/editor-text';
import { sortMarkers, type YamlMarker } from '../../lib/service-yaml/markers';
import { formatYaml, rewriteYaml } from '../../lib/service-yaml/sync-document';
import { jsonEqual } from '../../lib/k8s/json';
import { ProblemsPanel } from './ProblemsPanel';
import { YamlPlainEditor, type PlainHandover } from './YamlPlainEditor';
import { useYamlMarkers } from './use-yaml-markers';
import { RecentEchoes } from './recent-echoes';
import type { EditorHandle } from './YamlCodeEditor';
import './service-yaml.css';

/** Monaco's box, empty until Monaco is loaded and ready: YamlPlainEditor holds the text over it meanwhile. */
const MonacoBox = () => <div className="sy-monaco" />;
const YamlCodeEditor = dynamic(() => import('./YamlCodeEditor'), { ssr: false, loading: MonacoBox });

export interface ServiceYamlPaneProps {
  draft: Service;
  onDraftChange(next: Service): void;
  mode: 'create' | 'edit';
  /** The stored Service (edit): the update rules compare with it. */
  live?: Service;
  /** The identity may not write (the page says why, once, at its top): the editor is read-only and asks for no dry run. */
  readOnly?: boolean;
  /** Ask the API server for dry runs (default: unless readOnly). False while the identity's permission is still being checked. */
  dryRun?: boolean;
  /** Controlled text (the YAML page keeps drafts and merges); without it the pane keeps its own. */
  text?: string;
  onTextChange?(text: string): void;
  /** More markers (conflicts of a three-way merge). */
  extraMarkers?: readonly YamlMarker[];
  /** Namespace for a create when the text names none. */
  namespace?: string;
  /** Where the user is in the plain editor (what was typed before the page knew its text): taken over. */
  plainHandover?: { current: PlainHandover };
  /**
   * The page does not know its text yet (the YAML page looks for a stored draft in the browser, after
   * hydration): the pane shows `text` (the live Service's YAML) in the plain editor, editable at once
   * (what is typed goes to the page through `plainHandover`), sends no draft, asks no dry run and
   * offers no action. The same pane then goes on with the page's text: the server's HTML is kept,
   * nothing is rebuilt.
   */
  pending?: boolean;
  /**
   * Load Monaco once the user points at, touches, focuses or types into the editor (the YAML page,
   * where the editor is the first screen), not at mount (a YAML tab, opened by a click). On a
   * phone-class CPU Monaco's evaluation holds the main thread for seconds; the plain editor shows the
   * coloured text, takes input and gets the live problems without it.
   */
  monacoOnIntent?: boolean;
}

/** The editor's actions; without handlers (the text is not editable yet) they are shown disabled. */
function EditorToolbar({ onFormat, managedFields }: { onFormat?: () => void; managedFields?: { shown: boolean; onToggle?: (show: boolean) => void } }) {
  return (
    <div className="sy-toolbar" role="toolbar" aria-label="Editor actions">
      <button type="button" className="button" onClick={onFormat} disabled={!onFormat}>
        Format
      </button>
      {managedFields && (
        <label className="sy-check">
          <input type="checkbox" checked={managedFields.shown} disabled={!managedFields.onToggle} onChange={(e) => managedFields.onToggle?.(e.target.checked)} /> Show
          managedFields
        </label>
      )}
      <span className="sy-muted">status is read-only (folded); the server ignores changes to it here.</span>
    </div>
  );
}

export function ServiceYamlPane(props: ServiceYamlPaneProps) {
  const { draft, onDraftChange, mode, live, readOnly = false, pending = false } = props;
  const [ownText, setOwnText] = useState(() => serviceToYaml(draft));
  const text = props.text ?? ownText;
  const setText = (t: string) => (props.onTextChange ? props.onTextChange(t) : setOwnText(t));
  const namespace = draft.metadata?.namespace || props.namespace || live?.metadata.namespace || 'default';
  const check = useYamlMarkers(text, mode, live, namespace, !pending && (props.dryRun ?? !readOnly));
  const { schema, error: schemaError } = useServiceJsonSchema();
  const [schemaMarkers, setSchemaMarkers] = useState<YamlMarker[]>([]);
  const [showManaged, setShowManaged] = useState(false);
  const handle = useRef<EditorHandle | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const ownHandover = useRef<PlainHandover>({ start: 0, end: 0, focused: false });
  const plainHandover = props.plainHandover ?? ownHandover;
  const ariaLabel = `YAML of Service ${draft.metadata?.name ?? ''}`.trim();
  const [monacoWanted, setMonacoWanted] = useState(() => {
    const before = plainHandover.current;
    return !props.monacoOnIntent || before.intent === true || before.focused || before.text !== undefined;
  });
  // Asked for once it is wanted at mount or later (a stored draft found after a pending start); kept after.
  if (!monacoWanted && !props.monacoOnIntent) setMonacoWanted(true);
  const wantMonaco = () => setMonacoWanted(true);
  /** A problem chosen before Monaco is there: revealed once it is. */
  const pendingReveal = useRef<YamlMarker | undefined>(undefined);

  const lastSent = useRef<Service>(draft);
  /** Drafts this pane sent lately: the parent hands them back (maybe after newer keystrokes), never to be written back. */
  const sent = useRef(new RecentEchoes<Service>(draft));
  // Pending over: the draft the page starts from is the pane's starting point (not a change to write into the text).
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) {
      lastSent.current = draft;
      sent.current = new RecentEchoes<Service>(draft);
    }
    wasPending.current = pending;
  }, [pending, draft]);

  // Text → shared draft, whenever it parses cleanly.
  useEffect(() => {
    if (pending) return;
    if (check.service && !jsonEqual(check.service, lastSent.current)) {
      lastSent.current = check.service;
      sent.current.add(check.service);
      onDraftChange(check.service);
    }
  }, [check.service]); // eslint-disable-line react-hooks/exhaustive-deps

  // Draft changed elsewhere (the form) → into the text, keeping comments.
  useEffect(() => {
    if (pending || sent.current.has(draft) || jsonEqual(draft, lastSent.current)) return;
    lastSent.current = draft;
    setText(rewriteYaml(text, editorObject(draft, { showManagedFields: showManaged })));
  }, [draft]); // eslint-disable-line react-hooks/exhaustive-deps

  const markers = useMemo(
    () => sortMarkers([...check.syntax, ...check.rules, ...check.server, ...schemaMarkers, ...(props.extraMarkers ?? [])]),
    [check.syntax, check.rules, check.server, schemaMarkers, props.extraMarkers],
  );
  const ownMarkers = useMemo(() => markers.filter((m) => m.source !== 'schema'), [markers]);
  const foldLine = useMemo(() => statusLine(text), [pending]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggleManaged = (show: boolean) => {
    setShowManaged(show);
    if (!check.service || !live) return;
    const meta = { ...check.service.metadata };
    if (show && live.metadata.managedFields) meta.managedFields = live.metadata.managedFields;
    else delete meta.managedFields;
    setText(rewriteYaml(text, { ...check.service, metadata: meta }));
  };

  return (
    <div className="sy-pane" data-testid="service-yaml-pane" data-dry-run={check.dryRunPending ? 'pending' : 'done'}>
      {schemaError && (
        <p className="banner warn" role="status">
          The cluster&apos;s Service schema could not be loaded ({schemaError}): no completion or schema checks.
        </p>
      )}
      <EditorToolbar
        onFormat={readOnly || pending ? undefined : () => setText(formatYaml(text))}
        managedFields={mode === 'edit' && live ? { shown: showManaged, onToggle: pending ? undefined : toggleManaged } : undefined}
      />
      <div className="sy-editor-slot">
        {monacoWanted ? (
          <YamlCodeEditor
            value={text}
            onChange={setText}
            readOnly={readOnly}
            markers={ownMarkers}
            schema={schema as JSONSchema | undefined}
            onSchemaMarkers={setSchemaMarkers}
            handleRef={handle}
            foldLine={foldLine}
            ariaLabel={ariaLabel}
            onReady={() => {
              // Monaco takes over where the user was in the plain editor.
              const at = plainHandover.current;
              if (at.focused) handle.current?.select(at.start, at.end);
              const reveal = pendingReveal.current;
              pendingReveal.current = undefined;
              if (reveal) handle.current?.reveal(reveal.startLine, reveal.startColumn);
              setEditorReady(true);
            }}
          />
        ) : (
          <MonacoBox />
        )}
        {editorReady ? null : (
          <YamlPlainEditor text={text} label={ariaLabel} onChange={pending ? undefined : setText} onIntent={wantMonaco} readOnly={readOnly} handover={plainHandover} />
        )}
      </div>
      <ProblemsPanel
        markers={markers}
        onSelect={(m) => {
          if (handle.current) return handle.current.reveal(m.startLine, m.startColumn);
          pendingReveal.current = m;
          wantMonaco();
        }}
      />
    </div>
  );
}
