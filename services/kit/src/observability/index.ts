// Metrics, readiness and traces (library).
export * from './metrics.ts';
export * from './metrics-server.ts';
export * from './http-metrics.ts';
export * from './request-trace.ts';
export * from './readiness.ts';
export * from './sampled.ts';
