'use client';
/**
 * Monaco's diff editor, read-only: the live object (left) against what will be applied (right). One
 * editor and one pair of models for the component's life; new texts are set into the models (an
 * editor disposed and made again on every change left Monaco's gutter menu evaluating a disposed
 * context; models replaced while a diff was being computed made Monaco's worker answer for models it
 * no longer had: "no diff result available", an uncaught page error when the live object changed
 * right after an apply on a busy machine).
 */
import { useEffect, useRef } from 'react';
import type * as Monaco from 'monaco-editor';
import { setupMonaco } from './monaco-setup';

export interface YamlDiffEditorProps {
  original: string;
  modified: string;
  ariaLabel: string;
}

export default function YamlDiffEditor({ original, modified, ariaLabel }: YamlDiffEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);

  useEffect(() => {
    const m = setupMonaco();
    const diff = m.editor.createDiffEditor(host.current as HTMLDivElement, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      // Revert arrows and the hunk menu act on an editable right side; this one is read-only.
      renderMarginRevertIcon: false,
      renderGutterMenu: false,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
    });
    editor.current = diff;
    return () => {
      const models = diff.getModel();
      editor.current = null;
      diff.setModel(null);
      diff.dispose();
      models?.original.dispose();
      models?.modified.dispose();
    };
  }, []);

  useEffect(() => {
    const diff = editor.current;
    if (!diff) return;
    const models = diff.getModel();
    if (!models) {
      const m = setupMonaco();
      // plaintext models: the schema and markers belong to the editable model only.
      diff.setModel({ original: m.editor.createModel(original, 'plaintext'), modified: m.editor.createModel(modified, 'plaintext') });
      return;
    }
    // The diff is computed again when a model's text changes.
    if (models.original.getValue() !== original) models.original.setValue(original);
    if (models.modified.getValue() !== modified) models.modified.setValue(modified);
  }, [original, modified]);

  useEffect(() => {
    editor.current?.updateOptions({ ariaLabel });
  }, [ariaLabel]);

  return <div ref={host} className="sy-diff" data-testid="yaml-diff" />;
}
