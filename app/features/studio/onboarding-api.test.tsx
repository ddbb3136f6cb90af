import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '#app/features/auth/testing.ts';
import { jsonResponse } from '#app/test/render.tsx';
import { applicationQuery, useConfirmEmail } from './onboarding-api.ts';

const before = { application: { emailConfirmed: false } };
const after = { application: { emailConfirmed: true } };

describe('a change of her application', () => {
  it('is not overwritten by a read that began before it and answers after it', async () => {
    let answerRead = (_: Response) => {};
    mockApi({
      'GET /api/studio/application': () =>
        new Promise<Response>((resolve) => {
          answerRead = resolve;
        }),
      'POST /api/studio/application/confirm': () => jsonResponse(after),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // The page reads her application and, at once, sends the mailed link's token.
    const read = client.fetchQuery(applicationQuery).catch(() => undefined);
    const { result } = renderHook(() => useConfirmEmail(), { wrapper });
    result.current.mutate('token');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    answerRead(jsonResponse(before));
    await read;
    expect(client.getQueryData(applicationQuery.queryKey)).toEqual(after);
  });
});
