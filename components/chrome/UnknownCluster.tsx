import { routesFor } from '../../lib/contract/page-routes';
import { Icon } from './Icon';

/** A URL whose `?cluster=` names no cluster Porthole knows: say so, and link to the ones it knows. */
export function UnknownCluster({ name, known }: { name: string; known: string[] }) {
  return (
    <div className="state" role="alert">
      <div className="state-icon"><Icon name="compass" size={32} /></div>
      <h1 className="state-title">Unknown cluster</h1>
      <p>Porthole knows no cluster named “{name}”. The link may come from another Porthole, or the kubeconfig changed.</p>
      <nav aria-label="Known clusters">
        <ul className="known-clusters">
          {known.map((c) => (
            <li key={c}>
              {/* A new document: the chrome and caches then belong to that cluster. */}
              <a href={routesFor(known.length > 1 ? c : undefined).serviceList()}>{c}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
