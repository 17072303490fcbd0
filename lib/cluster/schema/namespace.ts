/** core/v1 Namespace. */
import { field, keyedList, named, str, strings, time } from './builders';
import { kindSchema } from './meta';

const CORE = 'io.k8s.api.core.v1';

export const namespaceSpecSchema = named(`${CORE}.NamespaceSpec`, 'How a namespace is configured.', {
  finalizers: strings('Components that must finish cleanup before the namespace is removed (`kubernetes`).'),
});

export const namespaceConditionSchema = named(
  `${CORE}.NamespaceCondition`,
  'One aspect of the state of a namespace (used while it is deleted).',
  {
    type: str('What the condition is about, e.g. `NamespaceContentRemaining`.'),
    status: str('`True`, `False` or `Unknown`.'),
    lastTransitionTime: time('When status last changed.'),
    reason: str('A CamelCase word explaining the last transition.'),
    message: str('A human-readable explanation of the last transition.'),
  },
  { required: ['type', 'status'] },
);

export const namespaceStatusSchema = named(`${CORE}.NamespaceStatus`, 'The observed state of a namespace.', {
  phase: str('`Active`, or `Terminating` while the namespace is deleted and its objects are removed.', [
    'Active',
    'Terminating',
  ]),
  conditions: keyedList(namespaceConditionSchema, 'The current conditions of the namespace, keyed by type.', ['type']),
});

export const namespaceSchema = kindSchema(
  `${CORE}.Namespace`,
  'A scope for names: objects in different namespaces may share a name. Deleting a namespace deletes everything in it.',
  { group: '', version: 'v1', kind: 'Namespace' },
  {
    spec: field(namespaceSpecSchema, 'How the namespace is configured.'),
    status: field(namespaceStatusSchema, 'The observed state of the namespace. Read-only.'),
  },
);
