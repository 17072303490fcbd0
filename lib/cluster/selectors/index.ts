export * from './field-selector';
export * from './list-selectors';
