import { humanDuration } from '../../lib/k8s/duration';

/** When: relative, with the absolute time as text and in the title. */
export function When({ iso, now }: { iso: string; now: number }) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return <span>—</span>;
  const absolute = new Date(t).toLocaleString();
  return (
    <time dateTime={iso} title={iso}>
      {humanDuration(Math.max(0, now - t))} ago <span className="muted">({absolute})</span>
    </time>
  );
}
