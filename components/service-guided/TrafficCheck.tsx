'use client';
/**
 * Review's "Will it receive traffic?": what the detail page would say once the Service exists
 * (lib/service-insight/draft-traffic). A Service that can receive no traffic is created only after
 * an explicit confirmation, with the reason and the fix shown next to it.
 */
import type { DraftTraffic } from '../../lib/service-insight/draft-traffic';
import type { Finding } from '../../lib/service-insight/diagnosis';

interface Props {
  traffic: DraftTraffic;
  /** Pods are still loading: nothing can be said yet. */
  loading: boolean;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}

function FindingItem({ f }: { f: Finding }) {
  return (
    <li>
      <strong>{f.title}</strong>
      <span className="gd-hint"> {f.explanation}</span>
      {f.fix && <span className="gd-hint"> Fix: {f.fix}</span>}
    </li>
  );
}

export function TrafficCheck({ traffic, loading, confirmed, onConfirm }: Props) {
  return (
    <section className="gd-review" aria-labelledby="gd-traffic-h">
      <h3 id="gd-traffic-h">Will it receive traffic?</h3>
      {loading && <p>Looking at the namespace’s pods…</p>}
      {!loading && traffic.blockers.length > 0 && (
        <div role="group" aria-label="This Service can receive no traffic" className="gd-bad gd-blockers">
          <p>
            <strong>This Service can receive no traffic.</strong> The API server would accept it, but once created its page would say:
          </p>
          <ul>
            {traffic.blockers.map((f) => (
              <FindingItem key={f.id + f.title} f={f} />
            ))}
          </ul>
          <label className="gd-confirm">
            <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} /> Create it anyway: I know it receives no traffic until
            this is fixed (for example, I will add the pods or EndpointSlices later)
          </label>
        </div>
      )}
      {!loading && traffic.warnings.length > 0 && (
        <ul className="gd-plain" aria-label="Traffic warnings">
          {traffic.warnings.map((f) => (
            <li key={f.id + f.title} className="gd-warn">
              Warning: {f.title}. <span className="gd-hint">{f.fix ?? f.explanation}</span>
            </li>
          ))}
        </ul>
      )}
      {!loading && traffic.healthy && <p className="gd-ok">{traffic.healthy.title}.</p>}
    </section>
  );
}
