import { ErrorPage } from './ErrorPage.tsx';

export function NotFoundPage() {
  return <ErrorPage error={{ status: 404 }} />;
}
