/** The Porthole demo on any API server (seed.ts) and a kubelet player for its nodes (kubelet.ts). */
export { seedDemo, SeedRefusedError, type SeedResult } from './seed';
export { startKubelet, type RunningKubelet } from './kubelet';
export { DEMO_NODES } from './nodes';
