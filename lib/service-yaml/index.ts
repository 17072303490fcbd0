/** The YAML editor's pure core: parse and check editor text, locate fields, drafts, schema. */
export * from './markers';
export * from './locate';
export * from './parse-service';
export * from './sync-document';
export * from './drafts';
export * from './editor-text';
export * from './openapi-schema';
export * from './problem-markers';
export * from './apply-payload';
