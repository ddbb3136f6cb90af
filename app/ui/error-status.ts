const numberAt = (v: unknown, key: string): number | null => {
  if (typeof v !== 'object' || v === null || !(key in v)) return null;
  const n = (v as Record<string, unknown>)[key];
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
};

/**
 * The HTTP status an error page shows (spec part 1 section 8): the error's statusCode, then its
 * status, then the status of the response it carries; 500 when none is there.
 */
export function errorStatus(error: unknown): number {
  const response = typeof error === 'object' && error !== null ? (error as { response?: unknown }).response : null;
  return numberAt(error, 'statusCode') ?? numberAt(error, 'status') ?? numberAt(response, 'status') ?? 500;
}

export type ErrorPageKind = 'logged_out' | 'not_found' | 'maintenance';

export const errorPageKind = (status: number): ErrorPageKind =>
  status === 401 ? 'logged_out' : status === 404 ? 'not_found' : 'maintenance';
