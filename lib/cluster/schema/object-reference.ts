/** core/v1 ObjectReference: a pointer to another object (events, endpoints). */
import { named, str } from './builders';

export const objectReferenceSchema = named(
  'io.k8s.api.core.v1.ObjectReference',
  'A reference to another object, detailed enough to find it.',
  {
    kind: str('The kind of the referenced object.'),
    namespace: str('Its namespace.'),
    name: str('Its name.'),
    uid: str('Its uid.'),
    apiVersion: str('Its API version.'),
    resourceVersion: str('The resourceVersion of the object the reference was made from, when that matters.'),
    fieldPath: str('A part of the object, e.g. `spec.containers{app}` for one container of a pod.'),
  },
  { mapType: 'atomic' },
);
