import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeNames } from './route-names.ts';
import { pageRoutes } from './routes.tsx';
import { SERVER_RENDERED_ROUTES } from './ssr-routes.ts';

const namesIn = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [(r.handle as { name: string }).name, ...namesIn(r.children ?? [])]);

describe('routeNames', () => {
  it('names exactly the routes of the route table', () => {
    expect([...routeNames].sort()).toEqual([...new Set(namesIn(pageRoutes))].sort());
  });

  it('holds every page the server renders, so a misspelt name cannot leave one to the browser', () => {
    expect([...SERVER_RENDERED_ROUTES].filter((name) => !routeNames.has(name))).toEqual([]);
  });

  it("draws the decision mail's complaint link in the browser: the server's renderer drops its token", () => {
    const matches = matchRoutes(pageRoutes, '/notices/42/complaint') ?? [];
    const name = (matches[matches.length - 1]?.route.handle as { name: string } | undefined)?.name;
    expect(name).toBe('notices-complaint');
    expect(SERVER_RENDERED_ROUTES.has('notices-complaint')).toBe(false);
  });
});
