import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serviceScope } from '../src/http/decorators.ts';
import type { EventStore } from '../src/eventstore/event-store.ts';

// The store is only decorated here, never called.
const store = {} as EventStore;

describe('serviceScope with the service routed prefixes', () => {
  it('lets a route under a prefix (or the prefix itself) in', async () => {
    const app = Fastify();
    await serviceScope(
      app,
      store,
      async (scope) => {
        scope.get('/api/user', async () => 'root');
        scope.get('/api/user/detail', async () => 'detail');
      },
      ['/api/user'],
    );
    await app.ready();
    expect((await app.inject({ url: '/api/user/detail' })).body).toBe('detail');
    await app.close();
  });

  it('stops the start on a route the gateway would not forward to the service', async () => {
    const app = Fastify();
    const start = serviceScope(
      app,
      store,
      async (scope) => {
        // Shares the prefix's letters but not its path segment: the gateway's prefix match would miss it.
        scope.get('/api/usernames', async () => 'x');
      },
      ['/api/user'],
    );
    await expect(start.then(() => app.ready())).rejects.toThrow(/outside the service's prefixes/);
  });
});
