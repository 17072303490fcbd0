'use client';
/** Monaco's diff editor, read-only: the live object (left) against what will be applied (right). */
import { useEffect, useRef } from 'react';
import { setupMonaco } from './monaco-setup';

export interface YamlDiffEditorProps {
  original: string;
  modified: string;
  ariaLabel: string;
}

export default function YamlDiffEditor({ original, modified, ariaLabel }: YamlDiffEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const m = setupMonaco();
    // plaintext models: the schema and markers belong to the editable model only.
    const left = m.editor.createModel(original, 'plaintext');
    const right = m.editor.createModel(modified, 'plaintext');
    const diff = m.editor.createDiffEditor(host.current as HTMLDivElement, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      ariaLabel,
    });
    diff.setModel({ original: left, modified: right });
    return () => {
      diff.dispose();
      left.dispose();
      right.dispose();
    };
  }, [original, modified, ariaLabel]);
  return <div ref={host} className="sy-diff" data-testid="yaml-diff" />;
}

