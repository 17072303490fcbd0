import type { Severity } from '../../lib/service-insight/diagnosis';

/** Inline SVG status icons (no emoji font needed: emoji render as empty boxes without one). */
const PATHS: Record<Severity, string> = {
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-3.5 5.5 7 7m0-7-7 7',
  warning: 'M12 3 2 21h20L12 3Zm0 6v5m0 3.5v.5',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v5m0-8.5v.5',
  ok: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-4 9 3 3 5-6',
};

export function SeverityIcon({ severity, size = 20 }: { severity: Severity; size?: number }) {
  return (
    <svg className="sd-icon" data-severity={severity} width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={PATHS[severity]} />
    </svg>
  );
}
