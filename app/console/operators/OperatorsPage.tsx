import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ListedOperator } from '#common/api/admin-operators.ts';
import { useLocale, useTexts } from '../locale.tsx';
import { useConsoleSession } from '../session.ts';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { AddOperatorDialog } from './AddOperatorDialog.tsx';
import { operatorsQuery, utcTime } from './api.ts';
import { operatorsTexts, ROLE_TEXTS } from './texts.ts';

/**
 * Operators and roles (/admin/operators): the team in a table (sorted and filtered in the browser:
 * a team, not a crowd), each name leading to her page, and "Add operator".
 */
export function OperatorsPage() {
  const t = useTexts(operatorsTexts);
  const { locale } = useLocale();
  const self = useConsoleSession().operator.id;
  const list = useQuery(operatorsQuery);
  const [adding, setAdding] = useState(false);
  const columns = useMemo<GridColDef<ListedOperator>[]>(
    () => [
      {
        field: 'displayName',
        headerName: t.colName,
        flex: 1,
        minWidth: 160,
        renderCell: ({ row }) => (
          <>
            <MuiLink component={Link} to={`/admin/operators/${row.id}`}>
              {row.displayName}
            </MuiLink>
            {row.id === self ? ` ${t.you}` : ''}
          </>
        ),
      },
      { field: 'email', headerName: t.colEmail, flex: 1, minWidth: 200 },
      {
        field: 'roles',
        headerName: t.colRoles,
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.roles.map((r) => ROLE_TEXTS[locale][r].name).join(', '),
      },
      {
        field: 'disabled',
        headerName: t.colState,
        type: 'singleSelect',
        minWidth: 110,
        valueOptions: [
          { value: false, label: t.enabled },
          { value: true, label: t.disabled },
        ],
      },
      {
        field: 'lastSignInAt',
        headerName: t.colLastSignIn,
        type: 'dateTime',
        minWidth: 170,
        valueGetter: (value: string | null) => (value ? new Date(value) : null),
        valueFormatter: (value: Date | null) => (value ? utcTime(value.toISOString()) : t.never),
      },
    ],
    [t, locale, self],
  );
  return (
    <ConsolePage
      title={t.title}
      loading={list.isPending}
      error={list.error}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t.add}
        </Button>
      }
    >
      <Typography color="text.secondary">{t.intro}</Typography>
      <ConsoleGrid<ListedOperator>
        label={t.table}
        rows={list.data?.operators ?? []}
        columns={columns}
        showToolbar
        disableVirtualization
      />
      <AddOperatorDialog open={adding} onClose={() => setAdding(false)} />
    </ConsolePage>
  );
}

export default OperatorsPage;
