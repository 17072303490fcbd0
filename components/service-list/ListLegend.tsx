'use client';

/**
 * "What do these mean?": the list's jargon (types, the ports notation, the Endpoints verdicts) in a
 * disclosure next to the count, so newcomers need not open a Service to learn it (D-24).
 */
export function ListLegend() {
  return (
    <details className="legend" data-testid="list-legend">
      <summary title="What the columns mean">
        <span aria-hidden>?</span>
        <span className="visually-hidden">What the columns mean</span>
      </summary>
      <div className="legend-pop">
        <h2>Reading the list</h2>
        <dl>
          <dt><span className="type-badge type-ClusterIP">ClusterIP</span></dt>
          <dd>A virtual IP inside the cluster; kube-proxy spreads connections over the ready endpoints.</dd>
          <dt><span className="type-badge type-Headless">Headless</span></dt>
          <dd>ClusterIP with <code>clusterIP: None</code>: no virtual IP, DNS returns the pod IPs.</dd>
          <dt><span className="type-badge type-NodePort">NodePort</span></dt>
          <dd>Also reachable on a port of every node.</dd>
          <dt><span className="type-badge type-LoadBalancer">LoadBalancer</span></dt>
          <dd>Also gets an external address from a load-balancer controller (“pending” until it has one).</dd>
          <dt><span className="type-badge type-ExternalName">ExternalName</span></dt>
          <dd>Only a DNS CNAME to another name; no IP, no endpoints.</dd>
          <dt><code>80:30080/TCP → http</code></dt>
          <dd>Service port : node port / protocol → the pods’ target port (a number or a port name).</dd>
          <dt><span className="ep all">2/2</span> <span className="ep some">1/2</span> <span className="ep none">0/2</span></dt>
          <dd>Ready / total endpoints from the EndpointSlices; red when nothing receives the traffic, also for a Service without selector and EndpointSlices (“none”).</dd>
          <dt>Needs attention</dt>
          <dd>The detail page’s diagnosis rules that the list can decide; open a Service for its full diagnosis and the fix.</dd>
          <dt>Search</dt>
          <dd>
            Every word must match. A word is looked for in the name, namespace, type, IPs, ports, external address and the
            label and selector <em>values</em> (not the label keys). <code>app=web</code> matches a label or the selector
            exactly, <code>app!=web</code> a Service whose label differs or is missing; a bare <code>app</code> also finds
            Services that have the label <code>app</code>, <code>!app</code> those that lack it.
          </dd>
          <dt>Order while searching</dt>
          <dd>
            Until you click a column header, the best matches come first: the Service named exactly as you typed, then names
            starting with it, then names containing it, then the other matches. A clicked column keeps its order.
          </dd>
        </dl>
      </div>
    </details>
  );
}
