/** "Create from YAML": one commented starter per kind of Service. Pure. */
import type { ServiceKind } from '../service/type-rules';

const HEAD = (namespace: string, name: string) => `apiVersion: v1
kind: Service
metadata:
  name: ${name}
  namespace: ${namespace}
  labels:
    app: ${name}
spec:
`;

const PORTS = `  # the Pods this Service sends traffic to
  selector:
    app: my-app
  ports:
    - name: http
      port: 80 # the Service's port
      targetPort: 8080 # the container port (number or name)
      protocol: TCP
`;

const BODY: Record<ServiceKind, string> = {
  ClusterIP: `  type: ClusterIP\n${PORTS}`,
  headless: `  type: ClusterIP\n  clusterIP: None # headless: DNS returns the Pod addresses\n${PORTS}`,
  NodePort: `  type: NodePort\n${PORTS}      # nodePort: 30080 # optional; the cluster picks one from its range\n`,
  LoadBalancer: `  type: LoadBalancer\n  externalTrafficPolicy: Cluster\n${PORTS}`,
  ExternalName: `  type: ExternalName\n  externalName: db.example.com # a DNS name; no selector, no cluster IP\n`,
};

export function starterYaml(kind: ServiceKind, namespace = 'default', name = 'my-service'): string {
  return HEAD(namespace, name) + BODY[kind];
}
