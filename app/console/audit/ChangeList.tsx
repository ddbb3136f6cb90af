import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '#common/api/admin-audit.ts';
import { useTexts } from '../locale.tsx';
import { type AuditTexts, auditTexts } from './texts.ts';

/** A stored value as a person reads it: text as it is, a list joined, yes or no, anything else as JSON. */
export function valueText(t: AuditTexts, value: unknown): string {
  if (value === null || value === undefined) return t.none;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.length ? value.join(', ') : t.none;
  }
  return JSON.stringify(value);
}

type Line = { key: string; before?: string; after?: string };

/**
 * The fields an entry recorded, one line each: `roles: moderator → moderator, support` where a
 * field was and became, only the value where only one side holds it (a new operator's e-mail,
 * the sessions a disabling ended), struck through where only the before holds it.
 */
export function changeLines(t: AuditTexts, entry: Pick<AuditEntry, 'before' | 'after'>): Line[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => {
    const line: Line = { key };
    if (key in before) line.before = valueText(t, before[key]);
    if (key in after) line.after = valueText(t, after[key]);
    return line;
  });
}

/** An entry's change and reason, readable in a table cell. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const t = useTexts(auditTexts);
  const lines = changeLines(t, entry);
  return (
    <Box sx={{ py: 0.5, display: 'grid', gap: 0.25 }}>
      {lines.length > 0 ? (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1 }}>
          {lines.map((line) => (
            <Box key={line.key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {line.key}:
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {line.before !== undefined && (
                  <>
                    <Box component="del" sx={{ color: 'text.secondary' }}>
                      {line.before}
                    </Box>
                    {line.after !== undefined ? ' → ' : ''}
                  </>
                )}
                {line.after !== undefined && (
                  <Box component="ins" sx={{ textDecoration: 'none' }}>
                    {line.after}
                  </Box>
                )}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t.nothing}
        </Typography>
      )}
      {entry.reason && (
        <Typography variant="body2">
          <strong>{t.reason}:</strong> {entry.reason}
        </Typography>
      )}
    </Box>
  );
}
