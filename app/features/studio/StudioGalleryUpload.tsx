import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#app/http.ts';
import { CONTENT_PRICE_MAX, GALLERY_PICTURES_MAX, PICTURE_TYPES } from '#common/domain/uploads.ts';
import { studioContentQuery } from './content-api.ts';
import { StudioUploadProgress } from './StudioUploadProgress.tsx';
import { startUpload, type UploadControl, type UploadStatus } from './uploader.ts';

type Upload = { control: UploadControl; status: UploadStatus; name: string };

/** A new gallery: its pictures (sent one after another), titles in both languages and its price. */
export function StudioGalleryUpload() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [titleEn, setTitleEn] = useState('');
  const [titleDe, setTitleDe] = useState('');
  const [price, setPrice] = useState('10');
  const [upload, setUpload] = useState<Upload | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; key: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const coins = Number(price);
    if (files.length === 0) return setMessage({ severity: 'error', key: 'studio.content.choose_file' });
    if (!Number.isInteger(coins) || coins < 1 || coins > CONTENT_PRICE_MAX) {
      return setMessage({ severity: 'error', key: 'studio.content.invalid_numbers' });
    }
    const ids: string[] = [];
    for (const file of files.slice(0, GALLERY_PICTURES_MAX)) {
      const control = startUpload(file, 'picture', (status) => setUpload((u) => (u ? { ...u, status } : u)));
      setUpload({ control, status: { phase: 'sending', sent: 0, size: file.size }, name: file.name });
      ids.push(await control.done);
    }
    try {
      await api('POST', 'studio/content/galleries', { uploadIds: ids, titleEn, titleDe, price: coins });
      setMessage({ severity: 'success', key: 'studio.content.submitted' });
      setUpload(null);
      setFiles([]);
      await client.invalidateQueries({ queryKey: studioContentQuery.queryKey });
    } catch (err) {
      const fields = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors ?? {};
      setMessage({ severity: 'error', key: Object.values(fields)[0]?.[0] ?? 'errors.unknown_error' });
    }
  };

  const busy = upload !== null && upload.status.phase !== 'failed';
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="gallery-upload-heading"
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography id="gallery-upload-heading" component="h2" variant="h6">
        {t('studio.content.gallery_heading')}
      </Typography>
      <Button variant="outlined" component="label">
        {files.length ? t('studio.content.chosen', { count: files.length }) : t('studio.content.gallery_files')}
        <input
          hidden
          multiple
          type="file"
          accept={PICTURE_TYPES.join(',')}
          aria-label={t('studio.content.gallery_files')}
          onChange={(e) => setFiles([...(e.target.files ?? [])])}
        />
      </Button>
      <TextField
        label={t('studio.content.title_en')}
        required
        value={titleEn}
        onChange={(e) => setTitleEn(e.target.value)}
      />
      <TextField
        label={t('studio.content.title_de')}
        required
        value={titleDe}
        onChange={(e) => setTitleDe(e.target.value)}
      />
      <TextField
        label={t('studio.content.price')}
        value={price}
        inputMode="numeric"
        helperText={t('studio.content.price_hint', { max: CONTENT_PRICE_MAX })}
        onChange={(e) => setPrice(e.target.value)}
      />
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
