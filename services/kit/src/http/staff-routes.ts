import type { Role } from '@sais/events';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { bearerOf, tokenNotForStaff } from './access-tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A staff route outside `/api/admin/` (the reviewer's queue and photos): the staff role it serves.
     * Every staff route refuses personal access tokens in its first hook (issue 33, decision 0019).
     */
    staff?: Role;
  }
}

/** A route the staff use: under `/api/admin/`, or declared with `config.staff`. */
export function isStaffRoute(url: string, config: { staff?: Role } | undefined): boolean {
  return url === '/api/admin' || url.startsWith('/api/admin/') || Boolean(config?.staff);
}

/** The same, for the route a request matched (its pattern, so `/api/%61dmin/…` is classed as it is). */
export function onStaffRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions?.url;
  return url !== undefined && isStaffRoute(url, request.routeOptions.config);
}

/**
 * Refuses a call that carries a personal access token, whatever its owner's roles and scopes: the
 * header alone decides (no look-up), before the body is read or anything else runs.
 */
const refuseTokens: onRequestHookHandler = (request, _reply, done) => {
  done(bearerOf(request) ? tokenNotForStaff() : undefined);
};

const catalogue = new WeakMap<object, { method: string; url: string }[]>();

/**
 * Every staff route of this app, wherever it lives, gets one first `onRequest` hook that refuses tokens
 * (decision 0019, issue 33): the rule belongs to the route, not to each handler's check. Other routes get
 * nothing (no per-request work). The staff routes are listed for the tests (`staffRoutesOf`).
 */
export function installStaffRoutes(app: FastifyInstance): void {
  const routes: { method: string; url: string }[] = [];
  catalogue.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!isStaffRoute(route.url, route.config as { staff?: Role } | undefined)) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [refuseTokens, ...own];
  });
}

/** The staff routes `installStaffRoutes` saw on `app` (method, pattern). */
export function staffRoutesOf(app: FastifyInstance): readonly { method: string; url: string }[] {
  return catalogue.get(app) ?? [];
}

/**
 * A staff role is checked only on a staff route: a check anywhere else is a route that forgot to
 * declare itself (`config.staff`) and would let tokens in, so it fails loudly (500) instead.
 */
export function assertStaffRoute(request: FastifyRequest, role: Role): void {
  if (role === 'participant' || onStaffRoute(request)) return;
  throw new Error(
    `${request.method} ${request.routeOptions?.url ?? request.url} checks the ${role} role but is not a staff route: declare config.staff`,
  );
}
