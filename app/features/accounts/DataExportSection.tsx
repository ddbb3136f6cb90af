import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '#app/http.ts';
import type { DataExportStatus } from '#common/api/data-export.ts';
import { useDataExport, useRequestDataExport } from './api.ts';

/** The mailed link's parameter: /users/profile/settings?data_export=<token>#your-data. */
export const DATA_EXPORT_PARAM = 'data_export';

const when = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Where the latest copy stands, in words. */
function StateLine({ status }: { status: DataExportStatus }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string | null) => when(iso, i18n.language);
  const line: Record<DataExportStatus['state'], string | null> = {
    none: null,
    pending: t('data_export.pending', { at: at(status.requested_at) }),
    ready: t('data_export.ready', { at: at(status.ready_at), until: at(status.expires_at) }),
    downloaded: t('data_export.downloaded', { at: at(status.downloaded_at) }),
    expired: t('data_export.expired', { at: at(status.expires_at) }),
    failed: t('data_export.failed'),
  };
  const text = line[status.state];
  if (!text) return null;
  return (
    <Alert severity={status.state === 'failed' ? 'warning' : 'info'} role="status">
      {text}
      {status.next_at && ` ${t('data_export.next', { at: at(status.next_at) })}`}
    </Alert>
  );
}

/** A mailed link opened here: its download, or why it no longer works. */
function LinkLine({ token, link }: { token: string; link: NonNullable<DataExportStatus['link']> }) {
  const { t } = useTranslation();
  if (link !== 'ready') {
    const key = { used: 'link_used', expired: 'link_expired', other: 'link_other', unknown: 'link_unknown' }[link];
    return <Alert severity="warning">{t(`data_export.${key}`)}</Alert>;
  }
  return (
    <Alert severity="success" role="status">
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <span>{t('data_export.link_ready')}</span>
        <Button variant="contained" href={`/api/user/data-export/download?token=${encodeURIComponent(token)}`} download>
          {t('data_export.download')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Settings, "Your data": what the copy holds, the request, its state and the mailed link's download. */
export function DataExportSection() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get(DATA_EXPORT_PARAM);
  const status = useDataExport(token);
  const request = useRequestDataExport();
  const refused = request.error instanceof ApiError ? request.error : null;
  const tooSoon = refused?.body?.error === 'data_export_too_soon';
  const data = status.data;
  const blocked = Boolean(data?.next_at) || data?.state === 'pending';
  return (
    <Stack spacing={2}>
      <Typography>{t('data_export.intro')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('data_export.contents')}
      </Typography>
      <Typography variant="body2">{t('data_export.how')}</Typography>
      {token && data?.link && <LinkLine token={token} link={data.link} />}
      {status.isPending && <CircularProgress size={24} aria-label={t('data_export.title')} />}
      {status.isError && <Alert severity="error">{t('data_export.errors.load')}</Alert>}
      {data && <StateLine status={data} />}
      {request.isError && (
        <Alert severity="error" role="alert">
          {tooSoon
            ? t('data_export.errors.too_soon', { at: when(refused?.body?.next_at ?? null, i18n.language) })
            : t(`errors.${refused?.body?.message ?? 'unknown_error'}`)}
        </Alert>
      )}
      <div>
        <Button
          variant="outlined"
          onClick={() => request.mutate()}
          disabled={!data || blocked || request.isPending}
          startIcon={request.isPending ? <CircularProgress size={16} /> : undefined}
        >
          {request.isPending ? t('data_export.requesting') : t('data_export.request')}
        </Button>
      </div>
    </Stack>
  );
}
