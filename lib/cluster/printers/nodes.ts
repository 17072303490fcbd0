/** `kubectl get nodes`: NAME STATUS ROLES AGE VERSION [INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION CONTAINER-RUNTIME]. */
import type { Node } from '../../k8s/types/cluster';
import { ageColumn, column, nameColumn, translateTimestampSince, type ResourcePrinter } from './common';

const LABEL_NODE_ROLE_PREFIX = 'node-role.kubernetes.io/';
const NODE_LABEL_ROLE = 'kubernetes.io/role';

const ADDRESSES_DESCRIPTION =
  "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP).";

/** findNodeRoles: `node-role.kubernetes.io/<role>` keys and the `kubernetes.io/role` value, sorted. */
export function nodeRoles(node: Node): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(LABEL_NODE_ROLE_PREFIX)) {
      const role = k.slice(LABEL_NODE_ROLE_PREFIX.length);
      if (role.length > 0) roles.add(role);
    } else if (k === NODE_LABEL_ROLE && v !== '') {
      roles.add(v);
    }
  }
  return [...roles].sort();
}

/** `Ready`, `NotReady`, `Unknown`, plus `SchedulingDisabled` when cordoned. */
export function nodeStatus(node: Node): string {
  const status: string[] = [];
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').pop();
  if (ready) status.push(ready.status === 'True' ? 'Ready' : 'NotReady');
  if (status.length === 0) status.push('Unknown');
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

function address(node: Node, type: string): string {
  return (node.status?.addresses ?? []).find((a) => a.type === type)?.address ?? '<none>';
}

export const nodePrinter: ResourcePrinter = {
  columns: [
    nameColumn(),
    column('Status', 'string', 'The status of the node'),
    column('Roles', 'string', 'The roles of the node'),
    ageColumn(),
    column('Version', 'string', 'Kubelet Version reported by the node.'),
    column('Internal-IP', 'string', ADDRESSES_DESCRIPTION, 1),
    column('External-IP', 'string', ADDRESSES_DESCRIPTION, 1),
    column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
    column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
    column('Container-Runtime', 'string', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
  ],
  row(obj, now) {
    const node = obj as Node;
    const info = node.status?.nodeInfo;
    const roles = nodeRoles(node).join(',');
    return {
      cells: [
        node.metadata.name ?? '',
        nodeStatus(node),
        roles || '<none>',
        translateTimestampSince(node.metadata.creationTimestamp, now),
        info?.kubeletVersion ?? '',
        address(node, 'InternalIP'),
        address(node, 'ExternalIP'),
        info?.osImage || '<unknown>',
        info?.kernelVersion || '<unknown>',
        info?.containerRuntimeVersion || '<unknown>',
      ],
    };
  },
};
