import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeNames } from './route-names.ts';
import { pageRoutes } from './routes.tsx';

const namesIn = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [(r.handle as { name: string }).name, ...namesIn(r.children ?? [])]);

describe('routeNames', () => {
  it('names exactly the routes of the route table', () => {
    expect([...routeNames].sort()).toEqual([...new Set(namesIn(pageRoutes))].sort());
  });
});
