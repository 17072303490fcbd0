'use client';
import { useEffect, useState } from 'react';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an insecure context): the old way.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** A small button that copies `text`; `label` names what is copied (for screen readers and tests). */
export function CopyButton({ text, label, idleText = 'Copy' }: { text: string; label: string; idleText?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      className="sd-copy"
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      data-copy-text={text}
      data-state={state}
      onClick={() => {
        void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'));
      }}
    >
      {state === 'copied' ? '✓ Copied' : state === 'failed' ? 'Copy failed' : idleText}
    </button>
  );
}

/** A value in monospace with a copy button next to it. */
export function Copyable({ text, label, children }: { text: string; label: string; children?: React.ReactNode }) {
  return (
    <span className="sd-copyable">
      <code>{children ?? text}</code>
      <CopyButton text={text} label={label} />
    </span>
  );
}
