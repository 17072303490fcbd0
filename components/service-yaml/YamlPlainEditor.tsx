'use client';
/**
 * The Service text as a plain, editable text area over its coloured lines, in Monaco's place until
 * Monaco is ready: the YAML editor is editable from its first paint (on a slow link or a slow phone
 * Monaco's ~750 KiB take seconds to arrive and start). Same box, font and line height as Monaco, so
 * nothing moves when it takes over; the text, the selection and the focus go over to it.
 *
 * The text area is the browser's own (inner HTML, not a React element): what is typed before the
 * page's script has run survives hydration, and is reported once the component is mounted. Text set
 * from outside (Format, a form edit) is written into it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { highlightYamlLine } from '../../lib/service-yaml/highlight';
import { RecentEchoes } from './recent-echoes';

/** Where the user is in the plain text, kept current: what the next editor (plain or Monaco) takes over. */
export interface PlainHandover {
  /** The text typed so far, once the user typed. */
  text?: string;
  start: number;
  end: number;
  focused: boolean;
  /** The user pointed at, touched, focused or typed into the editor: Monaco is wanted (ServiceYamlPane). */
  intent?: boolean;
}

export interface YamlPlainEditorProps {
  text: string;
  /** The editor's name; the text area says it is the plain one. */
  label: string;
  onChange?(text: string): void;
  /** The user is about to use the editor (see INTENT_EVENTS); also kept in `handover` (`intent`). */
  onIntent?(): void;
  readOnly?: boolean;
  /** Shared with the editor shown before or after this one (see PlainHandover). */
  handover?: { current: PlainHandover };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text area's markup: a leading newline would be dropped by the HTML parser, so it gets one more. */
function textAreaHtml(text: string, label: string, readOnly: boolean): string {
  const attrs = `aria-label="${escapeHtml(label)}" spellcheck="false" autocapitalize="off" autocomplete="off" autocorrect="off" wrap="off"${readOnly ? ' readonly' : ''}`;
  return `<textarea ${attrs}>${text.startsWith('\n') ? '\n' : ''}${escapeHtml(text)}</textarea>`;
}

/** Events after which the selection or the focus may have moved. */
const SELECTION_EVENTS = ['select', 'keyup', 'mouseup', 'focus', 'blur'] as const;

/** Events on the plain editor that say the user is about to use it: the pointer over it, a touch, the focus, a key. */
const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** Element Timing: when the editable text is painted (the benchmark's "YAML editor editable"). */
const TEXT_TIMING: Record<string, string> = { elementtiming: 'yaml-plain-text' };

function HighlightedLines({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <span key={i} className="sy-line">
      {highlightYamlLine(line).map((t, j) =>
        t.kind === 'text' ? (
          t.text
        ) : (
          <span key={j} className={`sy-t-${t.kind}`}>
            {t.text}
          </span>
        ),
      )}
      {'\n'}
    </span>
  ));
}

export function YamlPlainEditor({ text, label, onChange, onIntent, readOnly = false, handover }: YamlPlainEditorProps) {
  const slot = useRef<HTMLDivElement>(null);
  const lines = useRef<HTMLPreElement>(null);
  const [shown, setShown] = useState(text);
  const fullLabel = `${label} (plain text until the editor has loaded)`;
  // The markup is written once: React never replaces the text area (nor what was typed into it).
  const [html] = useState(() => ({ __html: textAreaHtml(text, fullLabel, readOnly) }));
  /** The texts this editor reported lately: handed back (maybe after newer keystrokes), never written back. */
  const reported = useRef(new RecentEchoes<string>());
  const latest = useRef({ onChange, onIntent, handover });
  useLayoutEffect(() => {
    latest.current = { onChange, onIntent, handover };
  });

  // A layout effect: the focus is back in the same task as the commit that put this text area in
  // place of the previous editor's (no keystroke in between goes to the page), and listeners are
  // removed before a removal's blur could be taken for the user leaving.
  useLayoutEffect(() => {
    const el = slot.current?.querySelector('textarea');
    if (!el) return;
    // What the user typed: shown, handed over to the next editor, reported.
    const typed = () => {
      const h = latest.current.handover;
      if (h) h.current.text = el.value;
      setShown(el.value);
      reported.current.add(el.value);
      latest.current.onChange?.(el.value);
    };
    const remember = () => {
      const h = latest.current.handover;
      if (h) Object.assign(h.current, { start: el.selectionStart, end: el.selectionEnd, focused: document.activeElement === el });
    };
    // Taken over from the editor before this one, or typed before the page's script ran.
    const before = latest.current.handover?.current;
    if (before?.text !== undefined && before.text !== el.value) el.value = before.text;
    if (before && (before.focused || before.text !== undefined)) {
      el.setSelectionRange(before.start, before.end);
      if (before.focused) el.focus();
    }
    if (el.value !== text) typed();
    remember();
    const root = slot.current?.parentElement;
    const intent = () => {
      const h = latest.current.handover;
      if (h) h.current.intent = true;
      latest.current.onIntent?.();
    };
    // Focused, typed into or pointed at before the page's script ran (or before this editor replaced
    // the one before it): that was intent too.
    if (document.activeElement === el || el.value !== text || root?.matches(':hover')) intent();
    const onInput = () => {
      typed();
      remember();
    };
    const onScroll = () => {
      if (!lines.current) return;
      lines.current.scrollTop = el.scrollTop;
      lines.current.scrollLeft = el.scrollLeft;
    };
    el.addEventListener('input', onInput);
    el.addEventListener('scroll', onScroll);
    for (const type of SELECTION_EVENTS) el.addEventListener(type, remember);
    for (const type of INTENT_EVENTS) root?.addEventListener(type, intent, { passive: true });
    return () => {
      for (const type of INTENT_EVENTS) root?.removeEventListener(type, intent);
      el.removeEventListener('input', onInput);
      el.removeEventListener('scroll', onScroll);
      for (const type of SELECTION_EVENTS) el.removeEventListener(type, remember);
    };
    // Once, on mount: the text area lives as long as this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Text from outside (Format, the form): into the text area, unless it is what the user typed. Only
  // a new `text` counts: the first one may be older than what was typed before the mount.
  const lastText = useRef(text);
  useEffect(() => {
    if (lastText.current === text) return;
    lastText.current = text;
    const el = slot.current?.querySelector('textarea');
    if (!el || el.value === text || reported.current.has(text)) return;
    el.value = text;
    setShown(text);
  }, [text]);

  useEffect(() => {
    const el = slot.current?.querySelector('textarea');
    if (!el) return;
    el.readOnly = readOnly;
    el.setAttribute('aria-label', fullLabel);
  }, [readOnly, fullLabel]);

  return (
    <div className="sy-preview" data-testid="yaml-preview">
      <pre ref={lines} aria-hidden="true" {...TEXT_TIMING}>
        <HighlightedLines text={shown} />
      </pre>
      <div ref={slot} className="sy-plain-slot" dangerouslySetInnerHTML={html} />
    </div>
  );
}
