import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { ID_TYPES, type IdType } from '#common/api/admin-performers.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { utc } from './format.ts';
import { recordsQuery } from './queries.ts';
import { performerTexts } from './texts.ts';

/** Her 2257 record (legal name, date of birth, ID): shown to administrators only, each reading audited. */
export function RecordsSection({ id }: { id: number }) {
  const t = useTexts(performerTexts);
  const { say } = useErrorText();
  const records = useQuery(recordsQuery(id));
  const r = records.data?.record;
  const idType = (v: string) => ((ID_TYPES as readonly string[]).includes(v) ? t[`idType_${v as IdType}`] : v);
  return (
    <Box component="section" aria-labelledby="records-title" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="records-title" variant="h6" component="h2">
        {t.records}
      </Typography>
      {records.isPending ? (
        <CircularProgress aria-label={t.records} size={24} />
      ) : records.error ? (
        <Alert severity="error">{say(records.error)}</Alert>
      ) : !r ? (
        <Typography>{t.recordsNone}</Typography>
      ) : (
        <Table size="small" aria-labelledby="records-title">
          <TableBody>
            {[
              [t.legalName, r.legalName],
              [t.dateOfBirth, r.dateOfBirth],
              [t.idType, idType(r.idType)],
              [t.idNumber, r.idNumber],
              [t.checkedOn, r.checkedOn],
            ].map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row" sx={{ width: '40%' }}>
                  {k}
                </TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {r && (
        <Typography variant="body2" color="text.secondary">
          {t.custodian(r.custodian)} · {t.recordedBy(String(r.recordedBy ?? '–'), utc(r.recordedAt))}
        </Typography>
      )}
    </Box>
  );
}
