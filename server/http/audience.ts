import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { routeConfigOf } from './api-request.ts';

/**
 * Whom a route serves (route option `config.audience`):
 * - `public`: anybody, visitor or member (the handler may still look at the session);
 * - `member`: a logged-in member (else 401 unauthenticated; 403 user_blocked for a blocked account);
 * - `verified`: a member who confirmed the e-mail address (also 403 not_verified);
 * - `provider`: an outside system that proves itself another way (a signed callback or postback);
 * - `performer`: an approved, active performer signed in to her studio (her own cookie, never a member's; else 401);
 * - `applicant`: a performer signed in to her studio whatever her application's state (pending,
 *   rejected, active): only the onboarding routes, which show her application and take its documents,
 *   and her sign-out;
 * - `operator`: an operator signed in to the console (her own cookie, never a member's) whose roles
 *   hold the route's `config.capability` (401 for nobody signed in, 403 for a member or an operator
 *   without it).
 */
export const AUDIENCES = ['public', 'member', 'verified', 'provider', 'performer', 'applicant', 'operator'] as const;
export type Audience = (typeof AUDIENCES)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A plugin's routes by method and path as the plugin spells them: `'GET /auth/user': 'member'`. */
export type AudienceTable = Record<`${Method} /${string}`, Audience>;

type RouteHookOptions = RouteOptions & { routePath: string };
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * States the audience of every route a routes plugin registers, in one table at its top (a
 * route's own `config.audience` wins). A HEAD route Fastify adds for a GET serves the GET's
 * audience. A route missing from the table states none, which the route walk test reports.
 */
export function declareAudiences(scope: FastifyInstance, table: AudienceTable) {
  const entries: Record<string, Audience | undefined> = table;
  scope.addHook('onRoute', (route: RouteHookOptions) => {
    const [method] = methodsOf(route);
    const audience =
      entries[`${method} ${route.routePath}`] ?? (method === 'HEAD' ? entries[`GET ${route.routePath}`] : undefined);
    if (audience && !route.config?.audience) route.config = { ...route.config, audience };
  });
}

/** Gives every route registered in `scope` that states no audience this one: for plugins of others (API docs). */
export function defaultAudience(scope: FastifyInstance, audience: Audience) {
  scope.addHook('onRoute', (route: RouteOptions) => {
    route.config = { ...route.config, audience: route.config?.audience ?? audience };
  });
}

/** The options of every route an app registered (read late: plugin hooks fill the audience in after ours). */
const tables = new WeakMap<FastifyInstance, RouteOptions[]>();

export type RouteAudience = { method: string; url: string; audience: Audience | undefined };

/** Every route of an app built with gateAudiences, with the audience it states (or none). */
export const routeAudiences = (app: FastifyInstance): RouteAudience[] =>
  (tables.get(app) ?? []).flatMap((route) =>
    methodsOf(route).map((method) => ({ method, url: route.url, audience: route.config?.audience })),
  );

/**
 * The audiences a caller must prove to be, each by its check (which throws the refusal, or
 * rejects with it): a check that can tell at once answers without a promise.
 */
export type AudienceGates = Record<Exclude<Audience, 'public' | 'provider'>, (request: FastifyRequest) => unknown>;

/**
 * Who may call a route is decided before anything of the request is parsed or validated: an
 * anonymous caller of a member route hears 401 whatever its input, and no stranger makes the
 * server read a body it would refuse anyway. Runs after the session hook (registered before it);
 * handlers still call their check for the user, which the request keeps after this first load.
 * The checks come from the features that know the callers (features/session/audience-gate.ts).
 */
export function gateAudiences(app: FastifyInstance, gates: AudienceGates) {
  const routes: RouteOptions[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    routes.push(route);
  });
  const checks: Partial<Record<Audience, AudienceGates[keyof AudienceGates]>> = gates;
  // A callback hook: public routes, and callers the checks know at once, go on without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const audience = routeConfigOf(request).audience;
    const check = audience === undefined ? undefined : checks[audience];
    const verdict = check?.(request);
    if (verdict instanceof Promise) verdict.then(() => done(), done);
    else done();
  });
}
