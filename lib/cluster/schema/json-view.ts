/**
 * The two views of one object that the REST verbs move between: JSON (what patches, field checks and
 * the schema walk take) and the typed object (what the strategies take). Decoding, the schema's type
 * check (enforceFieldValidation, findTypeError) and checkTypeMeta are what make each conversion sound;
 * TypeScript cannot see them, so the conversion is written here once instead of at every call.
 */
import type { JsonObject } from '../../k8s/json';
import type { KubeObject } from '../../k8s/types/meta';

/** A JSON body the decoder and the schema check have vouched for, as the type the resource stores. */
export function decodedAs<T extends object>(json: JsonObject): T {
  return json as unknown as T;
}

/** A Kubernetes object as the JSON it is on the wire. */
export function asJson(obj: KubeObject): JsonObject {
  return obj as unknown as JsonObject;
}
