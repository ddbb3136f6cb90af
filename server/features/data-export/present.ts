import type { DataExportStatus } from '#common/api/data-export.ts';
import { EXPORT_EVERY_MS, type ExportRow } from './mutations.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Where her latest request stands, and when she may ask again. */
export function presentStatus(
  row: ExportRow | null,
  now: Date,
  link: DataExportStatus['link'] = null,
): DataExportStatus {
  const next = row ? new Date(row.requestedAt.getTime() + EXPORT_EVERY_MS) : null;
  return {
    state: row ? (row.status as DataExportStatus['state']) : 'none',
    requested_at: iso(row?.requestedAt ?? null),
    ready_at: iso(row?.readyAt ?? null),
    expires_at: iso(row?.expiresAt ?? null),
    downloaded_at: iso(row?.downloadedAt ?? null),
    next_at: next && next > now ? next.toISOString() : null,
    link,
  };
}

/** Whether a mailed link still works for this member, and if not why. */
export function linkState(row: ExportRow | null, userId: number, now: Date): NonNullable<DataExportStatus['link']> {
  if (!row) return 'unknown';
  if (row.userId !== userId) return 'other';
  if (row.status === 'downloaded') return 'used';
  if (row.status !== 'ready' || !row.expiresAt || row.expiresAt <= now) return 'expired';
  return 'ready';
}
