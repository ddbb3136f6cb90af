import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HOURS, MINUTES } from '#common/domain/favorite-window.ts';

/** A picked time: hour and minute ('' = not picked). */
export type TimeParts = { hour: string; minute: string };
export const timeOf = (p: TimeParts) => (p.hour ? `${p.hour}:${p.minute || '00'}` : '');
export const partsOf = (time: string): TimeParts => ({ hour: time.slice(0, 2), minute: time.slice(3, 5) });

/** A 24-hour time picker: an hour (00-23) and a minute in 15-minute steps. */
export function TimeField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: TimeParts;
  error?: string | undefined;
  onChange: (value: TimeParts) => void;
}) {
  const { t } = useTranslation();
  const select = (part: 'hour' | 'minute', options: readonly string[]) => {
    const labelId = `${id}-${part}-label`;
    return (
      <FormControl size="small" error={Boolean(error)} sx={{ minWidth: 96 }}>
        <InputLabel id={labelId}>{t(`favorites.window.${part}`)}</InputLabel>
        <Select
          labelId={labelId}
          label={t(`favorites.window.${part}`)}
          value={value[part]}
          onChange={(e) => {
            const next = { ...value, [part]: e.target.value };
            // An hour alone means the full hour.
            if (part === 'hour' && !next.minute) next.minute = '00';
            onChange(next);
          }}
          inputProps={{ 'aria-describedby': error ? `${id}-error` : undefined }}
          SelectDisplayProps={{ 'aria-labelledby': `${id}-legend ${labelId}` }}
        >
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    );
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={`${id}-legend`} component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {select('hour', HOURS)}
        <Typography aria-hidden>:</Typography>
        {select('minute', MINUTES)}
      </Box>
      {error && (
        <FormHelperText id={`${id}-error`} error>
          {t(error)}
        </FormHelperText>
      )}
    </Box>
  );
}
