import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';

/**
 * A group of checkboxes for a list of values (languages, categories): a fieldset with its
 * legend, and the group's message (error or hint) tied to it for screen readers.
 */
export function CheckboxGroup<V extends string | number>({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  name,
}: {
  legend: string;
  options: { value: V; label: string }[];
  value: V[];
  onChange: (next: V[]) => void;
  error?: string | undefined;
  hint?: string | undefined;
  name: string;
}) {
  const messageId = useId();
  const message = error ?? hint;
  const toggle = (v: V, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <FormControl component="fieldset" error={Boolean(error)} aria-describedby={message ? messageId : undefined}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup row data-testid={`${name}-group`}>
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            label={o.label}
            control={
              <Checkbox
                name={name}
                value={String(o.value)}
                checked={value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      {message && <FormHelperText id={messageId}>{message}</FormHelperText>}
    </FormControl>
  );
}
