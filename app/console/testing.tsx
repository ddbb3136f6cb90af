import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ConsoleSession } from '#common/api/admin.ts';
import type { Locale } from '#common/constants.ts';
import { type ConsoleTopic, capabilitiesOf, type OperatorRole } from '#common/domain/console-policy.ts';
import { consoleSocket } from './live.ts';
import { ConsoleProviders } from './providers.tsx';
import { consoleRoutes } from './routes.tsx';
import { sessionQuery } from './session.ts';

/** A signed-in operator's session as GET /api/admin/session answers it. */
export const testConsoleSession = (roles: OperatorRole[] = ['admin']): ConsoleSession => ({
  operator: { id: 1, email: 'ops@example.com', displayName: 'Ops Tester', roles },
  capabilities: capabilitiesOf(roles),
  sandboxStudio: false,
});

type Listener = (payload: { topics: ConsoleTopic[] }) => void;

/** The operators' socket of a test: `live.changed(['review'])` is what the server would send. */
function fakeConsoleSocket() {
  const listeners: Listener[] = [];
  consoleSocket.open = () => ({
    on: (_event: 'console:changed', listener: Listener) => listeners.push(listener),
    disconnect: () => {
      listeners.length = 0;
    },
  });
  return {
    changed: (topics: ConsoleTopic[]) => {
      for (const l of listeners) l({ topics });
    },
  };
}

/**
 * The console at `path` as the browser shows it (its real routes and frame), signed in with
 * `roles` unless `session` is null. Calls go to fetch: mock them with mockApi
 * (app/features/auth/testing.ts), e.g. `'GET /api/admin/members': () => jsonResponse({...})`. The
 * operators' socket is a fake: `live.changed(['review'])` plays what the server would send.
 */
export function renderConsole(
  path: string,
  opts: { roles?: OperatorRole[]; session?: ConsoleSession | null; locale?: Locale } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const session = opts.session === undefined ? testConsoleSession(opts.roles) : opts.session;
  if (session) client.setQueryData(sessionQuery.queryKey, session);
  const live = fakeConsoleSocket();
  const router = createMemoryRouter(consoleRoutes, { initialEntries: [path] });
  const ui = (
    <ConsoleProviders locale={opts.locale ?? 'en'} client={client}>
      <RouterProvider router={router} />
    </ConsoleProviders>
  );
  return { ...render(ui), router, client, live };
}
