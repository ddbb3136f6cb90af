import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { Locale } from '#common/constants.ts';
import { ApiError } from './http.ts';

/** What a server-rendered page hands the browser to hydrate with: the same language, routes and answers. */
export type SsrState = { locale: Locale; router: HydrationState; queries: DehydratedState };

/** The id of the JSON script that carries it. */
export const SSR_STATE_ID = 'ssr-state';

type EncodedError = { apiError: { status: number; body: unknown } };

/** Failed answers travel as their status and body (an ApiError does not survive JSON). */
export function encodeQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const error = q.state.error;
      if (!(error instanceof ApiError)) return q;
      const encoded: EncodedError = { apiError: { status: error.status, body: error.body } };
      return { ...q, state: { ...q.state, error: encoded as unknown as Error } };
    }),
  };
}

/** The reverse of encodeQueryErrors, so the page renders the same error state it was rendered with. */
export function decodeQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) => {
      const error = q.state.error as unknown as Partial<EncodedError> | null;
      if (!error?.apiError) return q;
      const restored = new ApiError(
        error.apiError.status,
        error.apiError.body as ConstructorParameters<typeof ApiError>[1],
      );
      return { ...q, state: { ...q.state, error: restored } };
    }),
  };
}

/** The state of a server-rendered page, or null when the page was not rendered on the server. */
export function readSsrState(): SsrState | null {
  const node = typeof document !== 'undefined' ? document.getElementById(SSR_STATE_ID) : null;
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as SsrState;
  } catch {
    return null;
  }
}
