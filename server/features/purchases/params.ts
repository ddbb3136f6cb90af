import { z } from 'zod';
import { singleLine } from '#common/api/fields.ts';

/** Path numbers arrive as strings; anything but a whole number in the id range is refused with 422. */
const MAX_ID = 2_147_483_647;
export const idField = z.coerce.number().int().min(1).max(MAX_ID);
/** Parts count from 1; a video has a handful, so a big part number is simply unknown (404). */
export const partField = z.coerce.number().int().min(1).max(1000);
/** A show's universal id as the URLs carry it. */
export const universalIdField = singleLine().min(1).max(40);
/** A signed media token (tokens.ts); longer strings are no token. */
export const tokenField = singleLine().min(1).max(600);

export const contentPartParams = z.object({ ccid: idField, part: partField });
/**
 * The token of a signed media path; a wildcard segment, since tokens are longer than the router's
 * limit for named parameters.
 */
export const tokenParams = z.object({ '*': tokenField });
