'use client';
import Link from 'next/link';
import { displayType } from '../../lib/service-list/format';
import { DiagnosisPanel } from './DiagnosisPanel';
import { EventsSection } from './EventsSection';
import { OverviewSection } from './OverviewSection';
import { PodsSection } from './PodsSection';
import { PortsSection } from './PortsSection';
import { ReachSection } from './ReachSection';
import { StatusSection } from './StatusSection';
import { TrafficSection } from './TrafficSection';
import { useServiceDetail } from './use-service-detail';
import './service-detail.css';

export interface ServiceDetailProps {
  namespace: string;
  name: string;
}

const SECTIONS = [
  ['overview', 'Overview'],
  ['status', 'Status'],
  ['ports', 'Ports'],
  ['reach', 'How to reach it'],
  ['traffic', 'Where traffic goes'],
  ['pods', 'Backing pods'],
  ['events', 'Events'],
] as const;

/** The Service detail page: diagnosis first, then every section; everything live. */
export function ServiceDetail({ namespace, name }: ServiceDetailProps) {
  const model = useServiceDetail(namespace, name);
  const { service } = model;
  const header = (
    <div className="page-header sd-header">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link href="/services">Services</Link>
        <span aria-hidden>/</span>
        <Link href={`/services?namespace=${encodeURIComponent(namespace)}`}>{namespace}</Link>
        <span aria-hidden>/</span>
      </nav>
      <h1 data-testid="service-name">{name}</h1>
      {service ? <span className={`type-badge type-${displayType(service)}`} data-testid="service-type">{displayType(service)}</span> : null}
      {service && service.spec?.type !== 'ExternalName' ? (
        <span className="page-sub" data-testid="header-counts">
          {model.counts.ready}/{model.counts.total} endpoints ready
          {service.spec?.selector ? ` · ${model.readyPods}/${model.backing.length} pods ready` : ' · no selector'}
        </span>
      ) : null}
    </div>
  );

  if (service === undefined) {
    if (model.serviceError) {
      return (
        <div className="sd-page">
          {header}
          <div className="state" role="alert" data-testid="detail-error">
            <h2>
              The Service could not be loaded ({model.serviceError.code} {model.serviceError.reason})
            </h2>
            <p>{model.serviceError.message}</p>
          </div>
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
            <Link href={`/services?namespace=${encodeURIComponent(namespace)}`}>Services in {namespace}</Link>
          </p>
        </div>
      </div>
    );
  }

  const external = service.spec?.type === 'ExternalName';
  return (
    <div className="sd-page">
      {header}
      <nav className="sd-toc" aria-label="Sections">
        {SECTIONS.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      {model.errors.map((e) => (
        <div key={e.what} className="banner warn" role="status">
          <span aria-hidden>⚠️</span>
          <div>
            <strong>
              Could not load {e.what} ({e.status.code} {e.status.reason}).
            </strong>{' '}
            {e.status.message}
          </div>
        </div>
      ))}
      <div className="sd-body">
        <DiagnosisPanel findings={model.findings} ready={model.diagnosisReady} />
        <OverviewSection service={service} />
        <StatusSection service={service} events={model.events} />
        <PortsSection service={service} pods={model.backing} />
        <ReachSection service={service} endpoints={model.endpoints} nodes={model.nodes} />
        <TrafficSection groups={model.groups} counts={model.counts} source={model.source} loading={model.slicesLoading} external={external} />
        <PodsSection service={service} pods={model.backing} loading={model.namespacePods === undefined} />
        <EventsSection events={model.events} />
      </div>
    </div>
  );
}
