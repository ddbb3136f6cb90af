import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#app/http.ts';
import { CONTENT_PRICE_MAX, VIDEO_TYPES } from '#common/domain/uploads.ts';
import { studioContentQuery } from './content-api.ts';
import { StudioUploadProgress } from './StudioUploadProgress.tsx';
import { startUpload, type UploadControl, type UploadStatus } from './uploader.ts';

/** "1, 2,3" as numbers; null when any is no number. */
export const numberList = (raw: string): number[] | null => {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const numbers = items.map(Number);
  return numbers.every((n) => Number.isFinite(n) && n >= 0) ? numbers : null;
};
const tagList = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const FIELDS = ['titleEn', 'titleDe', 'descriptionEn', 'descriptionDe', 'tags', 'starts', 'prices'] as const;
type Field = (typeof FIELDS)[number];
const LABEL: Record<Field, string> = {
  titleEn: 'studio.content.title_en',
  titleDe: 'studio.content.title_de',
  descriptionEn: 'studio.content.description_en',
  descriptionDe: 'studio.content.description_de',
  tags: 'studio.content.tags',
  starts: 'studio.content.part_starts',
  prices: 'studio.content.part_prices',
};

const HINT: Partial<Record<Field, string>> = {
  tags: 'studio.content.tags_hint',
  starts: 'studio.content.part_starts_hint',
  prices: 'studio.content.part_prices_hint',
};

/** Upload a video: the file, its texts in both languages, tags, where its parts start and their prices. */
export function StudioVideoUpload() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    titleEn: '',
    titleDe: '',
    descriptionEn: '',
    descriptionDe: '',
    tags: '',
    starts: '0',
    prices: '0',
  });
  const [upload, setUpload] = useState<{ control: UploadControl; status: UploadStatus; name: string } | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; key: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const starts = numberList(values.starts);
    const prices = numberList(values.prices);
    if (!file) return setMessage({ severity: 'error', key: 'studio.content.choose_file' });
    if (!starts || !prices || prices.some((p) => !Number.isInteger(p) || p > CONTENT_PRICE_MAX)) {
      return setMessage({ severity: 'error', key: 'studio.content.invalid_numbers' });
    }
    const control = startUpload(file, 'video', (status) => setUpload((u) => (u ? { ...u, status } : u)));
    setUpload({ control, status: { phase: 'sending', sent: 0, size: file.size }, name: file.name });
    const uploadId = await control.done;
    try {
      await api('POST', 'studio/content/videos', {
        uploadId,
        titleEn: values.titleEn,
        titleDe: values.titleDe,
        descriptionEn: values.descriptionEn,
        descriptionDe: values.descriptionDe,
        tags: tagList(values.tags),
        parts: starts.map((start, i) => ({ start, price: prices[i] ?? prices[prices.length - 1] ?? 0 })),
      });
      // The finished bar (100 %) stays beside the confirmation until the next upload.
      setMessage({ severity: 'success', key: 'studio.content.submitted' });
      setFile(null);
      await client.invalidateQueries({ queryKey: studioContentQuery.queryKey });
    } catch (err) {
      const fields = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors ?? {};
      setMessage({
        severity: 'error',
        key: fields.parts ? 'studio.content.invalid_parts' : (Object.values(fields)[0]?.[0] ?? 'errors.unknown_error'),
      });
    }
  };

  const busy = upload !== null && (upload.status.phase === 'sending' || upload.status.phase === 'paused') && !message;
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="video-upload-heading"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography id="video-upload-heading" component="h2" variant="h6">
        {t('studio.content.video_heading')}
      </Typography>
      <Button variant="outlined" component="label">
        {file ? file.name : t('studio.content.video_file')}
        <input
          hidden
          type="file"
          accept={VIDEO_TYPES.join(',')}
          aria-label={t('studio.content.video_file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(LABEL[field])}
          value={values[field]}
          required={field === 'titleEn' || field === 'titleDe'}
          multiline={field.startsWith('description')}
          onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          helperText={HINT[field] ? t(HINT[field], { max: CONTENT_PRICE_MAX }) : undefined}
        />
      ))}
      {upload && <StudioUploadProgress name={upload.name} status={upload.status} control={upload.control} />}
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {t(message.key)}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        {t('studio.content.upload_submit')}
      </Button>
    </Box>
  );
}
