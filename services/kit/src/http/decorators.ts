/**
 * The platform's parts as named Fastify decorators (issue 20 item 4, as fastify/demo has them): a route
 * plugin reads `app.database`, `app.authenticator` and its service's `app.store` instead of having them
 * threaded through its options. The database and the authenticator are the platform's, decorated on the
 * root; each service's routes are registered in their own encapsulated scope (`serviceScope`), whose
 * `store` is that service's event store (several services share one process and one Fastify app).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { EventStore } from '../eventstore/event-store.ts';
import type { Authenticator } from './principal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's database (each service keeps to its own schema). */
    database: Db;
    /** Who is calling (session cookie or access token): the identity service's, here or over HTTP. */
    authenticator: Authenticator;
    /**
     * The event store of the service whose routes this scope holds (`serviceScope`); not decorated
     * outside a service's scope.
     */
    store: EventStore;
  }
}

/** Decorates the root with the platform's database and authenticator (before any route is registered). */
export function decoratePlatform(
  app: FastifyInstance,
  parts: { database: Db; authenticator: Authenticator },
) {
  app.decorate('database', parts.database);
  app.decorate('authenticator', parts.authenticator);
}

/**
 * Registers a service's routes in their own encapsulated scope, where `store` is the service's event
 * store. With `prefixes` (the service's routed prefixes), a route outside them stops the start: in real
 * mode the gateway forwards only those prefixes to the service, so such a route would answer in one
 * process and 404 behind the gateway.
 */
export async function serviceScope(
  app: FastifyInstance,
  store: EventStore,
  routes: (scope: FastifyInstance) => Promise<void>,
  prefixes?: readonly string[],
): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('store', store);
    if (prefixes) {
      scope.addHook('onRoute', (route) => {
        const url = route.url;
        if (!prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)))
          throw new Error(
            `route ${route.method} ${url} is outside the service's prefixes (${prefixes.join(', ')}): the gateway would not forward it`,
          );
      });
    }
    await routes(scope);
  });
}
