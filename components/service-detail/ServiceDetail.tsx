'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { takeSavedNotice, type SavedNotice } from '../../lib/client/saved-notice';
import { KubectlCommand } from '../text/KubectlCommand';
import { usePageRoutes } from '../../lib/client/cluster-context';
import { useConnectionState } from '../../lib/client/providers';
import { useNow } from '../../lib/client/use-now';
import type { Service, Status } from '../../lib/k8s/types';
import { humanDuration } from '../../lib/k8s/duration';
import { displayType } from '../../lib/service/display';
import { DiagnosisPanel } from './DiagnosisPanel';
import { EventsSection } from './EventsSection';
import { HistorySection } from './HistorySection';
import { OverviewSection } from './OverviewSection';
import { PodsSection } from './PodsSection';
import { PortsSection } from './PortsSection';
import { ReachSection } from './ReachSection';
import { TryItSection } from './TryItSection';
import { StatusSection } from './StatusSection';
import { TrafficSection } from './TrafficSection';
import { SeverityIcon } from './SeverityIcon';
import { nodeAddressIndex } from '../../lib/service-insight/endpoints';
import { useServiceDetail } from './use-service-detail';
import { YamlSection } from './YamlSection';
import { ServiceActionBar } from '../service-actions/ServiceActionBar';
import './service-detail.css';
import type { DetailLists } from '../../lib/live/detail-lists';
import { SafeText } from '../text/SafeText';
import { ReadableNamespacesNote } from '../chrome/ReadableNamespacesNote';

export interface ServiceDetailProps {
  namespace: string;
  name: string;
  /** The Service the page's HTML was rendered with (the server read it as the page's identity). */
  initial?: Service;
  /** The lists the page's HTML was rendered with (pods, EndpointSlices, Endpoints, events, nodes). */
  initialLists?: DetailLists;
}

const SECTIONS = [
  ['overview', 'Overview'],
  ['status', 'Status'],
  ['ports', 'Ports'],
  ['reach', 'How to reach it'],
  ['try-it', 'Try it'],
  ['traffic', 'Where traffic goes'],
  ['pods', 'Backing pods'],
  ['events', 'Events'],
  ['yaml', 'YAML'],
  ['history', 'History'],
] as const;

function retrying(status: Status): boolean {
  const code = status.code ?? 0;
  return code === 0 || code >= 500 || code === 429;
}

/** What happened and what to do, for a Service that could not be loaded. */
function explain(status: Status, namespace: string): { title: string; advice: string } {
  // fetch-json reports a browser that cannot reach Porthole itself (its server stopped) this way.
  if (/^Porthole's server cannot be reached/.test(status.message ?? '')) {
    return {
      title: "Cannot reach Porthole's server",
      advice: 'The Porthole process that serves this page has stopped or is restarting. Start it again; this page retries every few seconds and loads the Service when it answers.',
    };
  }
  if (retrying(status)) {
    return {
      title: 'Cannot reach the Kubernetes API server',
      advice:
        'Check that the cluster is running and reachable from the machine Porthole runs on. Porthole keeps retrying every few seconds and shows the Service as soon as the API server answers — no need to reload.',
    };
  }
  if (status.code === 403) {
    return {
      title: 'Not allowed to read this Service',
      advice: `The identity Porthole uses may not get Services in namespace ${namespace}. Switch identity ("Acting as" at the top), or ask for read access to this namespace.`,
    };
  }
  if (status.code === 401) {
    return { title: 'Not logged in to the cluster', advice: 'The credentials in the kubeconfig were refused. Check the user of the current context, or log in again.' };
  }
  return { title: `The API server answered ${status.code ?? ''} ${status.reason ?? ''}`, advice: 'Reload the page to try again.' };
}

/** The Service could not be loaded: what happened and what to do (the load keeps retrying when that can help). */
function LoadError({ status, namespace }: { status: Status; namespace: string }) {
  const again = retrying(status);
  const { title, advice } = explain(status, namespace);
  return (
    <div className="state" role="alert" data-testid="detail-error" data-retrying={again}>
      <div className="state-icon">
        <SeverityIcon severity="error" size={32} />
      </div>
      <h2>{title}</h2>
      <p>
        <code>{status.message}</code>
      </p>
      <p>{advice}</p>
      {status.code === 403 ? <ReadableNamespacesNote /> : null}
      {again ? (
        <p className="muted" aria-busy="true" data-testid="detail-retrying">
          Retrying…
        </p>
      ) : null}
    </div>
  );
}

/** Shown while the live stream is down: the page shows the last data it received. */
function StaleBanner({ lastEventAt, message }: { /** Since when the data may be out of date. */ lastEventAt?: number; message?: string }) {
  const now = useNow(1000);
  return (
    <div className="banner warn sd-stale" role="alert" data-testid="detail-stale-banner">
      <SeverityIcon severity="warning" />
      <div>
        <strong>
          Showing the last known data
          {lastEventAt ? ` (as of ${new Date(lastEventAt).toLocaleTimeString()}, ${humanDuration(Math.max(0, now - lastEventAt))} ago)` : ''}.
        </strong>{' '}
        {message ? `${message[0].toUpperCase()}${message.slice(1).replace(/\.?$/, '.')} ` : 'The live update stream is interrupted. '}
        The diagnosis and counts below may be out of date; Porthole keeps retrying and catches up by itself.
      </div>
    </div>
  );
}

/** The Service detail page: diagnosis first, then every section; everything live. */
export function ServiceDetail({ namespace, name, initial, initialLists }: ServiceDetailProps) {
  const routes = usePageRoutes();
  const model = useServiceDetail(namespace, name, initial, initialLists);
  // "Applied" / "Created" after a save that opened this page (lib/client/saved-notice.ts), read once.
  const [savedNotice, setSavedNotice] = useState<SavedNotice | undefined>();
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one-time read from browser storage
    setSavedNotice(takeSavedNotice(namespace, name));
  }, [namespace, name]);
  const conn = useConnectionState();
  const { service } = model;
  const counts = model.endpointHeadline;
  const header = (
    <div className="page-header sd-header">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href={routes.serviceList()}>Services</Link>
        <span aria-hidden>/</span>
        <Link href={routes.serviceList({ namespace })}>{namespace}</Link>
        <span aria-hidden>/</span>
      </nav>
      <h1 data-testid="service-name">
        <SafeText text={name} />
      </h1>
      {service ? (
        <span className={`type-badge type-${displayType(service)}`} data-testid="service-type">
          {displayType(service)}
        </span>
      ) : null}
      {service && service.spec?.type !== 'ExternalName' ? (
        model.diagnosisReady ? (
          <span className="page-sub" data-testid="header-counts">
            <span className={`sd-count-${counts.tone}`} data-tone={counts.tone} title={counts.detail}>
              {counts.text}
            </span>
            {service.spec?.selector ? ` · ${model.readyPods}/${model.backing.length} pods ready` : ' · no selector'}
            {counts.detail ? <span className="sd-count-detail"> · {counts.detail}</span> : null}
          </span>
        ) : (
          // Not "0/0 ready" while the endpoints and pods are still on their way.
          <span className="page-sub" data-testid="header-counts" data-loading="true">
            Checking endpoints and pods…
          </span>
        )
      ) : null}
      {savedNotice ? (
        <p className="banner ok sd-saved" role="status" data-testid="saved-notice">
          {savedNotice.verb}: {savedNotice.verb === 'Created' ? 'the Service was created' : 'your changes are saved'}
          {savedNotice.resourceVersion ? ` (resourceVersion ${savedNotice.resourceVersion})` : ''}.
        </p>
      ) : null}
      {savedNotice?.command ? <KubectlCommand command={savedNotice.command} caption={`${savedNotice.verb}. The same with kubectl`} /> : null}
      {service ? <ServiceActionBar service={service} /> : null}
    </div>
  );

  if (service === undefined) {
    if (model.serviceError) {
      return (
        <div className="sd-page">
          {header}
          <LoadError status={model.serviceError} namespace={namespace} />
        </div>
      );
    }
    return (
      <div className="sd-page" aria-busy="true">
        {header}
        <div className="state" data-testid="detail-loading">
          Loading the Service…
        </div>
      </div>
    );
  }
  if (service === null) {
    return (
      <div className="sd-page">
        {header}
        <div className="state" data-testid="detail-not-found">
          <h2>
            No Service {name} in namespace {namespace}
          </h2>
          <p>It may have been deleted, or not created yet: this page shows it as soon as it exists.</p>
          <p>
            <Link href={routes.serviceList({ namespace })}>Services in {namespace}</Link> · <Link href={routes.deletedServices(namespace)}>Recently deleted in {namespace}</Link>{' '}
            (re-create it from its last recorded version)
          </p>
        </div>
      </div>
    );
  }

  const external = service.spec?.type === 'ExternalName';
  const stale = conn.state === 'stale';
  // Live until the last event, or at least until the stream went down.
  const since = conn.lastEventAt ?? conn.degradedSince;
  const asOf = stale ? (since ? new Date(since).toLocaleTimeString() : 'the last update') : undefined;
  return (
    <div className="sd-page" data-stale={stale ? 'true' : undefined}>
      {header}
      <nav className="sd-toc" aria-label="Sections">
        {SECTIONS.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      {stale ? <StaleBanner lastEventAt={since} message={conn.message} /> : null}
      <div className="sd-body">
        <DiagnosisPanel findings={model.findings} headline={model.headline} ready={model.diagnosisReady} blocked={model.diagnosisBlocked} asOf={asOf} />
        <OverviewSection service={service} />
        <StatusSection service={service} events={model.events} />
        <PortsSection service={service} pods={model.backing} />
        <ReachSection service={service} endpoints={model.endpoints} nodes={model.nodes} nodesUnavailable={model.sectionErrors.nodes} />
        <TryItSection service={service} />
        <TrafficSection
          groups={model.groups}
          counts={model.counts}
          source={model.source}
          loading={model.slicesLoading}
          external={external}
          servicePorts={(service.spec?.ports?.length ?? 0) > 0}
          nodeByAddress={nodeAddressIndex(model.nodes)}
          error={model.sectionErrors.endpointslices}
        />
        <PodsSection service={service} pods={model.backing} loading={model.namespacePods === undefined} error={model.sectionErrors.pods} />
        <EventsSection events={model.events} error={model.sectionErrors.events} />
        <YamlSection service={service} />
        <HistorySection service={service} events={model.events} />
      </div>
    </div>
  );
}
