/** OpenAPI documents of the embedded cluster, generated from lib/cluster/schema (pure builders). */
export { openApiV2, openApiV3Index, openApiV3Document } from './documents';
