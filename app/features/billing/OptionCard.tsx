import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import type { ReactNode } from 'react';

/** One choice of a radio group drawn as a card: the whole card is the label, the selected one is outlined. */
export function OptionCard({
  value,
  selected,
  disabled = false,
  label,
}: {
  value: number;
  selected: boolean;
  disabled?: boolean;
  label: ReactNode;
}) {
  return (
    <FormControlLabel
      value={String(value)}
      disabled={disabled}
      control={<Radio sx={{ mt: -0.5 }} />}
      label={label}
      sx={{
        m: 0,
        width: '100%',
        alignItems: 'flex-start',
        border: 2,
        borderRadius: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        px: 1,
        py: 1.25,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': disabled ? {} : { borderColor: selected ? 'primary.main' : 'text.secondary' },
        '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0, pt: 0.5 },
      }}
    />
  );
}
