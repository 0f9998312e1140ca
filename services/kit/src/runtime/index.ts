// The platform: services, their process, authenticators, disk checks (platform).
export * from './service.ts';
export * from './platform.ts';
export * from './disk-space.ts';
export * from './auth.ts';
