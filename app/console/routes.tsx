import Button from '@mui/material/Button';
import { Link, type RouteObject } from 'react-router';
import { ConsoleFrame } from './ConsoleFrame.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { useTexts } from './locale.tsx';
import { noticesRoutes } from './notices/routes.ts';
import { SignInPage } from './SignInPage.tsx';
import { frameTexts } from './texts.ts';
import { UnlockPage } from './UnlockPage.tsx';
import { ConsolePage } from './ui/ConsolePage.tsx';

/** A screen's module, loaded when it is first opened: `{ Component }` as React Router takes it. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function NotFound() {
  const t = useTexts(frameTexts);
  return (
    <ConsolePage title={t.notFound}>
      <Button component={Link} to="/admin" variant="outlined" sx={{ justifySelf: 'start' }}>
        {t.toDashboard}
      </Button>
    </ConsolePage>
  );
}

/**
 * The console's routes: the sign-in and the unlock link's page stand alone; every other screen
 * sits in the signed-in frame, and each but the dashboard is its own chunk.
 */
export const consoleRoutes: RouteObject[] = [
  { path: '/admin/login', Component: SignInPage },
  { path: '/admin/unlock', Component: UnlockPage },
  {
    path: '/admin',
    Component: ConsoleFrame,
    children: [
      { index: true, Component: DashboardPage },
      { path: 'members/*', lazy: screen(() => import('./members/MembersScreen.tsx')) },
      { path: 'review', lazy: screen(() => import('./review/ReviewQueuePage.tsx')) },
      { path: 'review/:id', lazy: screen(() => import('./review/ReviewItemPage.tsx')) },
      { path: 'support', lazy: screen(() => import('./support/SupportDeskPage.tsx')) },
      { path: 'support/:id', lazy: screen(() => import('./support/SupportThreadPage.tsx')) },
      { path: 'payouts', lazy: screen(() => import('./payouts/PayoutsPage.tsx')) },
      { path: 'referrals', lazy: screen(() => import('./referrals/ReferralsPage.tsx')) },
      { path: 'performers/:id?', lazy: screen(() => import('./performers/PerformersScreen.tsx')) },
      ...noticesRoutes,
      { path: 'operators', lazy: screen(() => import('./operators/OperatorsPage.tsx')) },
      { path: 'operators/:id', lazy: screen(() => import('./operators/OperatorPage.tsx')) },
      { path: 'audit', lazy: screen(() => import('./audit/AuditPage.tsx')) },
      { path: 'content', lazy: screen(() => import('./content/ContentPagesPage.tsx')) },
      { path: 'content/:page/:locale', lazy: screen(() => import('./content/ContentEditPage.tsx')) },
      { path: '*', Component: NotFound },
    ],
  },
];

export { screen };
