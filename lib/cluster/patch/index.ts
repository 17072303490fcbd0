export { applyJsonPatch, decodeJsonPatch } from './json-patch';
export { applyMergePatch } from './merge-patch';
export { applyStrategicMergePatch, decodeStrategicPatch } from './strategic-merge-patch';
