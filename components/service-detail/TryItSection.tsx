'use client';
import { useState } from 'react';
import type { Service } from '../../lib/k8s/types';
import { usePortForwardPermission, useTryIt } from '../../lib/client/reach';
import { TRY_METHODS, type ReachEndpoint, type TryMethod, type TryResult } from '../../lib/reach/wire';
import { ForwardsPanel } from './ForwardsPanel';
import { Empty, Section } from './Section';

/** `Name: value` lines → headers (blank lines skipped). */
function parseHeaders(text: string): { name: string; value: string }[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const i = l.indexOf(':');
      return i < 0 ? { name: l, value: '' } : { name: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
    });
}

const endpointName = (e: { pod?: string; address: string }) => e.pod ?? e.address;

function ResultView({ result }: { result: TryResult }) {
  if (!result.connected) {
    return (
      <p className="sd-reach-fail" data-testid="try-error">
        Failed to connect: {result.error}
      </p>
    );
  }
  return (
    <>
      <p>
        <strong data-testid="try-status">{result.statusLine ?? 'Connected (TCP)'}</strong>
        {result.firstByteMs !== undefined ? <span className="sd-note">first byte after {result.firstByteMs} ms</span> : null}
      </p>
      {result.headers?.length ? (
        <details>
          <summary>Headers ({result.headers.length})</summary>
          <pre className="sd-reach-pre">{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
        </details>
      ) : null}
      {result.body ? (
        <pre className="sd-reach-pre" aria-label={`Body from ${endpointName(result)}`} data-testid="try-body">
          {result.body}
          {result.truncated ? '\n… (first 4 KiB shown)' : ''}
        </pre>
      ) : null}
    </>
  );
}

function EndpointCard({ endpoint, result, running }: { endpoint: ReachEndpoint; result?: TryResult; running: boolean }) {
  const name = endpointName(endpoint);
  const state = !endpoint.tried ? 'skipped' : result ? (result.connected ? 'connected' : 'failed') : running ? 'waiting' : 'no-answer';
  return (
    <li className="sd-reach-endpoint" aria-label={`Endpoint ${name}`} data-testid="try-endpoint" data-state={state}>
      <p>
        <code>{name}</code>{' '}
        <span className="sd-note">
          {endpoint.address}
          {endpoint.targetPort !== undefined ? ` → port ${endpoint.targetPort}` : ''}
        </span>{' '}
        {!endpoint.ready ? <span className="sd-default-tag">{endpoint.terminating ? 'terminating' : 'not ready'}</span> : null}
      </p>
      {state === 'skipped' ? <Empty>Not tried: {endpoint.problem ?? 'not ready (tick "Try not-ready endpoints" to try it)'}</Empty> : null}
      {state === 'waiting' ? <p className="muted">Waiting for an answer…</p> : null}
      {state === 'no-answer' ? <p className="muted">No answer.</p> : null}
      {result ? <ResultView result={result} /> : null}
    </li>
  );
}

/** Try it (issue 20): the user's request sent to every endpoint through a port-forward, results as each answers. */
export function TryItSection({ service }: { service: Service }) {
  const namespace = service.metadata.namespace ?? 'default';
  const name = service.metadata.name ?? '';
  const ports = (service.spec?.ports ?? []).filter((p) => (p.protocol ?? 'TCP') === 'TCP');
  const permission = usePortForwardPermission(namespace);
  const { state, run } = useTryIt(namespace, name);
  const [port, setPort] = useState<number | undefined>(ports[0]?.port);
  const [method, setMethod] = useState<TryMethod>('GET');
  const [path, setPath] = useState('/');
  const [headers, setHeaders] = useState('');
  const [notReady, setNotReady] = useState(false);
  const [tcp, setTcp] = useState(false);
  if (service.spec?.type === 'ExternalName' || ports.length === 0) {
    return (
      <Section id="try-it" title="Try it">
        <Empty>This Service has no TCP port backed by pods to try.</Empty>
      </Section>
    );
  }
  const byPod = new Map(state.results.map((r) => [endpointName(r), r]));
  const tried = state.endpoints?.filter((e) => e.tried).length ?? 0;
  return (
    <Section id="try-it" title="Try it" summary={state.endpoints ? `${state.results.filter((r) => r.connected).length} of ${tried} endpoints connected` : undefined}>
      {!permission.allowed && !permission.pending ? (
        <p className="sd-callout" role="note" data-testid="reach-refused" data-cause={permission.cause}>
          {permission.reason}
        </p>
      ) : (
        <form
          className="sd-reach-form"
          aria-label="Try it"
          onSubmit={(e) => {
            e.preventDefault();
            run({ port, method, path, headers: parseHeaders(headers), includeNotReady: notReady, tcp });
          }}
        >
          <label>
            Port
            <select value={port} onChange={(e) => setPort(Number(e.target.value))}>
              {ports.map((p) => (
                <option key={p.port} value={p.port}>
                  {p.port}
                  {p.name ? ` (${p.name})` : ''}
                </option>
              ))}
            </select>
          </label>
          <label>
            Method
            <select value={method} onChange={(e) => setMethod(e.target.value as TryMethod)} disabled={tcp}>
              {TRY_METHODS.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <label>
            Path
            <input value={path} onChange={(e) => setPath(e.target.value)} disabled={tcp} spellCheck={false} />
          </label>
          <label className="sd-reach-headers">
            Headers (one &quot;Name: value&quot; per line)
            <textarea value={headers} onChange={(e) => setHeaders(e.target.value)} rows={2} disabled={tcp} spellCheck={false} />
          </label>
          <label>
            <input type="checkbox" checked={notReady} onChange={(e) => setNotReady(e.target.checked)} /> Try not-ready endpoints
          </label>
          <label>
            <input type="checkbox" checked={tcp} onChange={(e) => setTcp(e.target.checked)} /> Plain TCP connect (not HTTP)
          </label>
          <button type="submit" className="button primary" disabled={permission.pending || state.running}>
            {state.running ? 'Trying…' : 'Try it'}
          </button>
        </form>
      )}
      {state.error ? (
        <p className="banner bad" role="alert" data-testid="try-refused">
          {state.error.message}
        </p>
      ) : null}
      {state.hint ? (
        <p className="banner warn" role="alert" data-testid="try-hint">
          {state.hint}
        </p>
      ) : null}
      {state.endpoints?.length === 0 ? <Empty>The Service has no endpoints to try.</Empty> : null}
      {state.endpoints?.length ? (
        <ul className="sd-reach-list" aria-label="Endpoints tried" aria-busy={state.running}>
          {state.endpoints.map((e) => (
            <EndpointCard key={endpointName(e)} endpoint={e} result={byPod.get(endpointName(e))} running={state.running} />
          ))}
        </ul>
      ) : null}
      <ForwardsPanel service={service} port={port} permission={permission} />
    </Section>
  );
}
