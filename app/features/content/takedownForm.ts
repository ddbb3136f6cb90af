import { zodResolver } from '@hookform/resolvers/zod';
import { get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { takedownBody } from '#common/api/content.ts';
import { REQUIRED } from '#common/api/fields.ts';

export type TakedownValues = z.input<typeof takedownBody>;
export type TakedownOutput = z.output<typeof takedownBody>;

export const URLS_MAX = 20;
export const EXPLANATION_MAX = 5000;

/** A web page's address: http(s) with a host (the shared schema takes any URL scheme). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const shared = zodResolver(takedownBody);

/**
 * The server's schema, plus what the form adds on top: addresses must be web addresses, and the
 * missing name and address show together with the other errors (the schema checks them only
 * once everything else is valid, so the person would otherwise meet them in a second round).
 */
export const takedownResolver: Resolver<TakedownValues, unknown, TakedownOutput> = async (values, context, options) => {
  const result = await shared(values, context, options);
  const extra: [string, string][] = [];
  for (const [i, url] of (values.urls ?? []).entries()) {
    if (url.trim() && !isWebAddress(url)) extra.push([`urls.${i}`, 'errors.validations.url']);
  }
  if (values.category !== 'minor') {
    if (!values.name?.trim()) extra.push(['name', REQUIRED]);
    if (!values.email?.trim()) extra.push(['email', REQUIRED]);
  }
  if (extra.length === 0) return result;
  const errors = { ...result.errors };
  for (const [path, message] of extra) if (!get(errors, path)) set(errors, path, { type: 'client', message });
  return { values: {}, errors };
};
