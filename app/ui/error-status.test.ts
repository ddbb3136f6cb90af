import { describe, expect, it } from 'vitest';
import { ApiError } from '#app/http.ts';
import { errorPageKind, errorStatus } from './error-status.ts';

describe('errorStatus', () => {
  it('takes statusCode first', () => {
    expect(errorStatus({ statusCode: 401, status: 404, response: { status: 403 } })).toBe(401);
  });
  it('then status', () => {
    expect(errorStatus({ status: 404, response: { status: 403 } })).toBe(404);
    expect(errorStatus(new ApiError(403, null))).toBe(403);
  });
  it('then the status of the response', () => {
    expect(errorStatus({ response: { status: 503 } })).toBe(503);
    expect(errorStatus({ response: new Response(null, { status: 502 }) })).toBe(502);
  });
  it('defaults to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
    expect(errorStatus('text')).toBe(500);
    expect(errorStatus({ response: null })).toBe(500);
  });
  it('ignores values that are not HTTP statuses', () => {
    expect(errorStatus({ statusCode: 'x', status: 0 })).toBe(500);
    expect(errorStatus({ statusCode: 'x', status: 410 })).toBe(410);
  });
});

describe('errorPageKind', () => {
  it('maps 401, 404 and everything else', () => {
    expect(errorPageKind(401)).toBe('logged_out');
    expect(errorPageKind(404)).toBe('not_found');
    expect(errorPageKind(500)).toBe('maintenance');
    expect(errorPageKind(403)).toBe('maintenance');
  });
});
