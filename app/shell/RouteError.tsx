import { useRouteError } from 'react-router';
import { ErrorPage } from '#app/ui/ErrorPage.tsx';

/** Route error boundary: shows the error page for whatever a loader or page threw. */
export function RouteError() {
  return <ErrorPage error={useRouteError()} />;
}
