/**
 * Calls to a provider's API: one place that bounds every call in time and turns what can go wrong
 * (no answer in time, no connection, an error status, a body that is not JSON) into one error type
 * the adapters map to their outcomes. The fetch function is injectable, so tests talk to a local
 * fake provider instead of the internet.
 */
export type Fetch = typeof fetch;

export type ProviderFailure = 'timeout' | 'network' | 'status' | 'malformed';

export class ProviderCallError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    readonly status: number | null = null,
    /** The provider's error body (JSON), for the adapter to read its error code. */
    readonly body: unknown = null,
  ) {
    super(`provider call failed: ${failure}${status === null ? '' : ` (${status})`}`);
  }
}

export type ProviderCall = { fetch?: Fetch; timeoutMs: number };

/** Sends one request and answers the JSON of a 2xx answer; anything else throws ProviderCallError. */
export async function callProvider(call: ProviderCall, url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await (call.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(call.timeoutMs) });
  } catch (err) {
    const name = err instanceof Error ? err.name : '';
    throw new ProviderCallError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new ProviderCallError('timeout', res.status);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new ProviderCallError('malformed', res.status);
  }
  if (!res.ok) throw new ProviderCallError('status', res.status, json);
  return json;
}
