import type { ApiErrorBody } from '#common/api/errors.ts';

/** An answer other than 2xx, with the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    /** Seconds the server asked to wait (Retry-After of a 429), when it said. */
    readonly retryAfter: number | null = null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
  /** The first i18n key of a field, for forms. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, keys] of Object.entries(this.body?.errors ?? {})) if (keys[0]) out[field] = keys[0];
    return out;
  }
}
