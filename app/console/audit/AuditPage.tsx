import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZES, type AuditEntry } from '#common/api/admin-audit.ts';
import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { utcTime } from '../operators/api.ts';
import { ConsoleGrid } from '../ui/ConsoleGrid.tsx';
import { ConsolePage } from '../ui/ConsolePage.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { type AuditFilterFields, type AuditView, auditQuery, FILTER_FIELDS, paramsOf, viewOf } from './api.ts';
import { ChangeList } from './ChangeList.tsx';
import { type AuditTexts, auditTexts } from './texts.ts';

const subjectLink = (e: AuditEntry) =>
  `/admin/audit?${new URLSearchParams({ type: e.subjectType, subject: e.subjectId }).toString()}`;

function columnsOf(t: AuditTexts): GridColDef<AuditEntry>[] {
  return [
    {
      field: 'at',
      headerName: t.colTime,
      minWidth: 190,
      valueFormatter: (value: string) => utcTime(value, true),
    },
    {
      field: 'operator',
      headerName: t.colOperator,
      sortable: false,
      flex: 1,
      minWidth: 170,
      renderCell: ({ row }) => (
        <Box sx={{ py: 0.5 }}>
          <div>{row.operator?.displayName ?? t.noOperator}</div>
          {row.operator && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {row.operator.email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'action',
      headerName: t.colAction,
      sortable: false,
      minWidth: 170,
      renderCell: ({ value }) => <code>{value}</code>,
    },
    {
      field: 'subject',
      headerName: t.colSubject,
      sortable: false,
      minWidth: 130,
      valueGetter: (_v, row) => `${row.subjectType} #${row.subjectId}`,
      renderCell: ({ row, value }) => (
        <MuiLink component={Link} to={subjectLink(row)} title={t.sameSubject(String(value))}>
          {value}
        </MuiLink>
      ),
    },
    {
      field: 'change',
      headerName: t.colChange,
      sortable: false,
      flex: 2,
      minWidth: 260,
      renderCell: ({ row }) => <ChangeList entry={row} />,
    },
  ];
}

/**
 * The audit log (/admin/audit): every console change, a page at a time from the server, sorted
 * by time (newest first, or oldest), filtered by operator, action and record. The address holds
 * the filter and the page, so a link shows the same entries.
 */
export function AuditPage() {
  const t = useTexts(auditTexts);
  const { say } = useErrorText();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const entries = useQuery(auditQuery(view));
  const columns = useMemo(() => columnsOf(t), [t]);
  const refused = entries.error instanceof ApiError && entries.error.status === 422 ? entries.error.fieldErrors() : {};
  const show = (next: AuditView) => setParams(paramsOf(next));
  const filter: AuditFilterFields = {
    operator: view.operator,
    action: view.action,
    type: view.type,
    subject: view.subject,
  };
  const onPage = (model: GridPaginationModel) =>
    show({ ...view, page: model.pageSize === view.pageSize ? model.page : 0, pageSize: model.pageSize });
  const onSort = (model: GridSortModel) => show({ ...view, page: 0, sort: model[0]?.sort === 'asc' ? 'asc' : 'desc' });
  return (
    <ConsolePage title={t.title}>
      <Typography color="text.secondary">{t.intro}</Typography>
      <AuditFilters
        key={FILTER_FIELDS.map((f) => view[f]).join('\n')}
        value={filter}
        invalid={Object.fromEntries(FILTER_FIELDS.map((f) => [f, f in refused]))}
        onApply={(next) => show({ ...view, ...next, page: 0 })}
      />
      {entries.error ? <Alert severity="error">{say(entries.error)}</Alert> : null}
      <ConsoleGrid<AuditEntry>
        label={t.table}
        rows={entries.error ? [] : (entries.data?.entries ?? [])}
        columns={columns}
        loading={entries.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        rowCount={entries.error ? 0 : (entries.data?.total ?? 0)}
        paginationModel={{ page: view.page, pageSize: view.pageSize }}
        onPaginationModelChange={onPage}
        pageSizeOptions={[...AUDIT_PAGE_SIZES]}
        sortModel={[{ field: 'at', sort: view.sort }]}
        onSortModelChange={onSort}
        sortingOrder={['desc', 'asc']}
        getRowHeight={() => 'auto'}
        disableVirtualization
      />
    </ConsolePage>
  );
}

export default AuditPage;
