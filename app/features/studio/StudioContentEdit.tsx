import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '#app/http.ts';
import type { ContentItem } from '#common/api/uploads.ts';
import { CONTENT_PRICE_MAX } from '#common/domain/uploads.ts';
import { studioContentQuery } from './content-api.ts';
import { numberList } from './StudioVideoUpload.tsx';

/**
 * Changes the texts and prices of one of her items. A published one keeps showing as it is until
 * a moderator approves the change; a pending or rejected one takes it at once (and a rejected
 * one goes back into review).
 */
export function StudioContentEdit({ item, onClose }: { item: ContentItem; onClose: () => void }) {
  const { t } = useTranslation();
  const title = useId();
  const client = useQueryClient();
  const [v, setV] = useState({
    titleEn: item.titleEn,
    titleDe: item.titleDe,
    descriptionEn: item.descriptionEn,
    descriptionDe: item.descriptionDe,
    prices: item.kind === 'video' ? item.partPrices.join(', ') : String(item.price),
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: object) =>
      api('PATCH', `studio/content/${item.kind === 'video' ? 'videos' : 'galleries'}/${item.id}`, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: studioContentQuery.queryKey });
      onClose();
    },
    onError: (err) =>
      setError(
        err instanceof ApiError
          ? (Object.values(err.fieldErrors())[0] ?? 'errors.unknown_error')
          : 'errors.unknown_error',
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prices = numberList(v.prices);
    if (!prices || prices.some((p) => !Number.isInteger(p) || p > CONTENT_PRICE_MAX)) {
      return setError('studio.content.invalid_numbers');
    }
    save.mutate({
      titleEn: v.titleEn,
      titleDe: v.titleDe,
      descriptionEn: v.descriptionEn,
      descriptionDe: v.descriptionDe,
      tags: item.tags,
      ...(item.kind === 'video' ? { partPrices: prices } : { price: prices[0] ?? 0 }),
    });
  };
  const field = (key: keyof typeof v, label: string, multiline = false) => (
    <TextField
      label={t(label)}
      value={v[key]}
      multiline={multiline}
      margin="dense"
      fullWidth
      onChange={(e) => setV((old) => ({ ...old, [key]: e.target.value }))}
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={title} fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={title}>{t('studio.content.edit_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('studio.content.edit_hint')}
          </Typography>
          {field('titleEn', 'studio.content.title_en')}
          {field('titleDe', 'studio.content.title_de')}
          {item.kind === 'video' && field('descriptionEn', 'studio.content.description_en', true)}
          {item.kind === 'video' && field('descriptionDe', 'studio.content.description_de', true)}
          {field('prices', item.kind === 'video' ? 'studio.content.part_prices' : 'studio.content.price')}
          {error && (
            <Alert severity="error" role="alert">
              {t(error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('studio.content.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('studio.content.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
