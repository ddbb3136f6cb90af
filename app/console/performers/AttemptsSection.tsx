import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PerformerApplication } from '#common/api/admin-performers.ts';
import { useTexts } from '../locale.tsx';
import { checkText, utc } from './format.ts';
import { performerTexts } from './texts.ts';

/** On a phone the provider's name gives way to the result (one provider runs at a time anyway). */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Every identity check she started, first first, with its result: a moderator sees how often the
 * provider refused her and why, not only the last word.
 */
export function AttemptsSection({ application }: { application: PerformerApplication }) {
  const t = useTexts(performerTexts);
  const { attempts, maxAttempts } = application;
  if (!attempts.length) return null;
  return (
    <Box component="section" aria-labelledby="attempts-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="attempts-title" variant="h6" component="h2">
        {t.attempts}
      </Typography>
      <Typography color="text.secondary">{t.attemptsUsed(attempts.length, maxAttempts)}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t.attemptsLabel}>
          <TableHead>
            <TableRow>
              <TableCell>{t.attemptNo}</TableCell>
              <TableCell>{t.attemptStarted}</TableCell>
              <TableCell sx={wide}>{t.attemptProvider}</TableCell>
              <TableCell>{t.attemptResult}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {attempts.map((attempt, i) => (
              <TableRow key={attempt.startedAt + attempt.provider}>
                <TableCell>{i + 1}</TableCell>
                <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{utc(attempt.startedAt)}</TableCell>
                <TableCell sx={wide}>{attempt.provider}</TableCell>
                <TableCell>{checkText(t, attempt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
