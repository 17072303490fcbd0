export type * from './meta';
export type * from './service';
export type * from './pod';
export type * from './discovery';
export type * from './cluster';
export type * from './authorization';
export type * from './table';
