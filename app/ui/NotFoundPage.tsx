import { ErrorPage } from './ErrorPage.tsx';

const NOT_FOUND = { status: 404 };

/** The /404 route and the catch-all: "no result" with a way home. */
export function NotFoundPage() {
  return <ErrorPage error={NOT_FOUND} />;
}
