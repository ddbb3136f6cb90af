import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormControl, FormHelperText, FormLabel, IconButton, Stack, TextField } from '@mui/material';
import { useRef } from 'react';
import { type Control, useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type TakedownOutput, type TakedownValues, URLS_MAX } from './takedownForm.ts';

/** The notice's addresses: one row each, at least one, at most URLS_MAX. */
export function UrlListField({ control }: { control: Control<TakedownValues, unknown, TakedownOutput> }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'urls' });
  const { errors } = useFormState({ control, name: 'urls' });
  const urls = field.value?.length ? field.value : [''];
  const focusRow = useRef<number | null>(null);
  const listError = errors.urls?.message ?? errors.urls?.root?.message;

  const change = (next: string[], focus: number | null = null) => {
    focusRow.current = focus;
    field.onChange(next);
  };
  const rowRef = (i: number) => (el: HTMLInputElement | null) => {
    if (i === 0) field.ref(el);
    if (el && focusRow.current === i) {
      focusRow.current = null;
      el.focus();
    }
  };

  return (
    <FormControl component="fieldset" required error={Boolean(errors.urls)} fullWidth>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {t('content.takedown.urls')}
      </FormLabel>
      <FormHelperText error={false} sx={{ mx: 0, mt: 0, mb: 1.5 }}>
        {t('content.takedown.urls_hint')}
      </FormHelperText>
      <Stack spacing={1.5}>
        {urls.map((url, i) => {
          const message = errors.urls?.[i]?.message;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: controlled rows whose position is their name ("URL 2")
            <Box key={i} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <TextField
                fullWidth
                type="url"
                label={t('content.takedown.url', { n: i + 1 })}
                placeholder="https://"
                value={url}
                onChange={(e) => change(urls.map((u, j) => (j === i ? e.target.value : u)))}
                onBlur={field.onBlur}
                inputRef={rowRef(i)}
                error={Boolean(message)}
                helperText={message ? t(message) : undefined}
                slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'url' } }}
              />
              <IconButton
                aria-label={t('content.takedown.remove_url', { n: i + 1 })}
                disabled={urls.length === 1}
                onClick={() =>
                  change(
                    urls.filter((_, j) => j !== i),
                    Math.max(0, i - 1),
                  )
                }
                sx={{ mt: 1 }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      {listError && <FormHelperText>{t(listError)}</FormHelperText>}
      {urls.length < URLS_MAX && (
        <Box sx={{ mt: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => change([...urls, ''], urls.length)}>
            {t('content.takedown.add_url')}
          </Button>
        </Box>
      )}
    </FormControl>
  );
}
