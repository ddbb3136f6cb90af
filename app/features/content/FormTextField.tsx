import { Box, TextField, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Props<T extends FieldValues, C, O> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<T, C, O>;
  name: Path<T>;
  hint?: ReactNode;
  /** Shows "used / max" characters under the field. */
  maxChars?: number;
};

/** A text field bound to the form: value, the error (an i18n key) or the hint, and a counter. */
export function FormTextField<T extends FieldValues, C, O>({
  control,
  name,
  hint,
  maxChars,
  ...props
}: Props<T, C, O>) {
  const { t, i18n } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value: string = typeof field.value === 'string' ? field.value : '';
  const message = fieldState.error?.message ? t(fieldState.error.message) : hint;
  const num = new Intl.NumberFormat(i18n.language);
  const counter =
    maxChars === undefined ? null : (
      <Box
        component="span"
        sx={{ ml: 'auto', flexShrink: 0, color: value.length > maxChars ? 'error.main' : undefined }}
      >
        {num.format(value.length)} / {num.format(maxChars)}
      </Box>
    );
  return (
    <TextField
      fullWidth
      {...props}
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.invalid}
      helperText={
        message || counter ? (
          <Box component="span" sx={{ display: 'flex', gap: 2 }}>
            <span>{message}</span>
            {counter}
          </Box>
        ) : undefined
      }
    />
  );
}
