import { z } from 'zod';
import { singleLine } from './fields.ts';

/**
 * A member's copy of her data (decision 068): GET /api/user/data-export says where her latest
 * request stands (and, with `token`, whether a mailed link still works); POST asks for a copy,
 * at most one a day; GET /api/user/data-export/download?token= sends the ZIP once.
 */

export const DATA_EXPORT_STATES = ['none', 'pending', 'ready', 'downloaded', 'expired', 'failed'] as const;
export const DATA_EXPORT_LINK_STATES = ['ready', 'used', 'expired', 'other', 'unknown'] as const;

/** A mailed link's token: 43 base64url characters. */
export const dataExportToken = singleLine().regex(/^[A-Za-z0-9_-]{43}$/, 'errors.validations.invalid');

export const dataExportQuery = z.object({ token: dataExportToken.optional() });
export const dataExportDownloadQuery = z.object({ token: dataExportToken });

export const dataExportStatus = z.object({
  state: z.enum(DATA_EXPORT_STATES),
  /** ISO 8601 UTC times of the latest request; null where not reached. */
  requested_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  /** When she may ask again (null: now). */
  next_at: z.string().nullable(),
  /** With `token`: whether that link still works, and if not why. */
  link: z.enum(DATA_EXPORT_LINK_STATES).nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatus>;
