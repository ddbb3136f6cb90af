import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTexts } from '../locale.tsx';
import { utcMinute } from '../support/queries.ts';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { contentListQuery, languageName } from './queries.ts';
import { contentTexts } from './texts.ts';

/** /admin/content: every content page in both languages, whether it was changed, and by whom. */
export default function ContentPagesPage() {
  const t = useTexts(contentTexts);
  const list = useQuery(contentListQuery);
  return (
    <ConsolePage title={t.title} loading={list.isPending} error={list.error}>
      <Typography>{t.intro}</Typography>
      {list.data && (
        <Table size="small" aria-label={t.title}>
          <TableHead>
            <TableRow>
              <TableCell>{t.colPage}</TableCell>
              <TableCell>{t.colLanguage}</TableCell>
              <TableCell>{t.colState}</TableCell>
              <TableCell>{t.colChanged}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.entries.map((e) => (
              <TableRow key={`${e.page}/${e.locale}`}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/admin/content/${e.page}/${e.locale}`}
                    aria-label={t.edit(`${e.title} (${languageName(t, e.locale)})`)}
                  >
                    {e.title}
                  </Link>
                </TableCell>
                <TableCell>{languageName(t, e.locale)}</TableCell>
                <TableCell>{e.edited ? t.edited : t.release}</TableCell>
                <TableCell>
                  {e.updatedAt && e.updatedBy ? t.changedBy(utcMinute(e.updatedAt), e.updatedBy) : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ConsolePage>
  );
}
