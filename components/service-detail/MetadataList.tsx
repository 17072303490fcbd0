'use client';
import { useState, type ReactNode } from 'react';
import { metadataEntries } from '../../lib/service-insight/overview';
import { CopyButton } from './CopyButton';
import { Empty } from './Section';
import { SafeText } from '../text/SafeText';
import { neutraliseBidi } from '../../lib/text/bidi';

function Entry({ k, value, long, pair }: { k: string; value: string; long: boolean; pair: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="sd-kv" data-testid="kv">
      <code className="sd-kv-key">
        <SafeText text={k} />
      </code>
      <span className="sd-kv-eq">=</span>
      <span className="sd-kv-value">
        {long && !open ? (
          <code className="sd-folded" title={neutraliseBidi(value)}>
            <SafeText text={value.slice(0, 60)} />…
          </code>
        ) : (
          <code className="sd-unfolded">
            <SafeText text={value} />
          </code>
        )}
        {long ? (
          <button type="button" className="sd-link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'fold' : `show all ${value.length} characters`}
          </button>
        ) : null}
        <CopyButton text={value} label={`value of ${k}`} />
        {pair ? <CopyButton text={`${k}=${value}`} label={`label ${k}=${value}`} idleText="Copy key=value" /> : null}
      </span>
    </li>
  );
}

/** Labels or annotations: sorted, long values folded, every value copyable (labels also as key=value, ready for -l). */
export function MetadataList({ title, map, action }: { title: string; map: Record<string, string> | undefined; /** e.g. an Edit button. */ action?: ReactNode }) {
  const entries = metadataEntries(map);
  return (
    <div className="sd-meta" data-testid={`meta-${title.toLowerCase()}`}>
      <h3>
        {title} <span className="muted">({entries.length})</span>
      </h3>
      {action}
      {entries.length === 0 ? (
        <Empty>none</Empty>
      ) : (
        <ul className="sd-kv-list">
          {entries.map((e) => (
            <Entry key={e.key} k={e.key} value={e.value} long={e.long} pair={title === 'Labels'} />
          ))}
        </ul>
      )}
    </div>
  );
}
