import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Props that bind an MUI TextField to a react-hook-form field: the input ref, and the field's
 * message (an i18n key from the shared zod schemas or the server) translated as helper text.
 */
export function fieldProps<T extends FieldValues, C, U>(form: UseFormReturn<T, C, U>, name: Path<T>, t: TFunction) {
  const { ref, ...rest } = form.register(name);
  const error = form.getFieldState(name, form.formState).error?.message;
  return {
    ...rest,
    inputRef: ref,
    error: Boolean(error),
    helperText: error ? t(error) : undefined,
  };
}
