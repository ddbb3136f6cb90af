import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { fieldProps } from '#app/features/auth/formField.ts';
import { useCategories } from '#app/features/shows/api.ts';
import { ApiError } from '#app/http.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { PasswordField } from '#app/ui/PasswordField.tsx';
import { SHOW_LANGUAGES, studioSignupBody } from '#common/api/onboarding.ts';
import { useStudioSignup } from './onboarding-api.ts';
import { CheckboxGroup } from './SignupChoices.tsx';
import { StudioFrame } from './StudioFrame.tsx';

type Values = z.input<typeof studioSignupBody>;
const FIELDS = ['email', 'password', 'showName', 'languages', 'categories', 'terms'] as const;

/** What the form says about a refused sign-up that names no field. */
function errorKey(error: unknown): string {
  if (error instanceof ApiError && error.body?.error) return `errors.${error.body.error}`;
  return 'errors.unknown_error';
}

/** /studio/signup: a new performer applies: account, show name, languages, categories, consent. */
export function StudioSignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useStudioSignup();
  const categories = useCategories();
  const form = useForm<Values, unknown, z.output<typeof studioSignupBody>>({
    resolver: zodResolver(studioSignupBody),
    defaultValues: { email: '', password: '', showName: '', languages: [], categories: [], terms: false as true },
  });
  // The server's field errors (422) show at their fields.
  useEffect(() => {
    if (!(signup.error instanceof ApiError) || signup.error.status !== 422) return;
    for (const [field, key] of Object.entries(signup.error.fieldErrors())) {
      const name = FIELDS.find((f) => field === f || field.startsWith(`${f}.`));
      if (name) form.setError(name, { message: key });
    }
  }, [signup.error, form]);
  const submit = form.handleSubmit((values) =>
    signup.mutate(values, { onSuccess: () => navigate('/studio/onboarding', { replace: true }) }),
  );
  const formError = signup.isError && !(signup.error instanceof ApiError && signup.error.status === 422);
  const message = (name: (typeof FIELDS)[number]) => {
    const key = form.formState.errors[name]?.message;
    return key ? t(key) : undefined;
  };
  const categoryOptions = (categories.data?.data ?? [])
    .filter((c) => c.id !== 1)
    .map((c) => ({ value: c.id, label: c.name }));

  return (
    <StudioFrame title={t('studio.signup.title')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('studio.signup.intro')}
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={t('studio.signup.title')}>
        {formError && <FormAlert message={errorKey(signup.error)} />}
        <TextField
          {...fieldProps(form, 'email', t)}
          label={t('studio.signup.email')}
          type="email"
          autoComplete="email"
          fullWidth
          required
        />
        <PasswordField
          {...fieldProps(form, 'password', t)}
          label={t('studio.signup.password')}
          autoComplete="new-password"
          required
          helperText={message('password') ?? t('studio.signup.passwordHint')}
        />
        <TextField
          {...fieldProps(form, 'showName', t)}
          label={t('studio.signup.showName')}
          autoComplete="off"
          fullWidth
          required
          helperText={message('showName') ?? t('studio.signup.showNameHint')}
        />
        <Controller
          control={form.control}
          name="languages"
          render={({ field }) => (
            <CheckboxGroup
              name="languages"
              legend={t('studio.signup.languages')}
              options={SHOW_LANGUAGES.map((l) => ({ value: l, label: t(`studio.signup.languageNames.${l}`) }))}
              value={field.value}
              onChange={field.onChange}
              error={message('languages')}
            />
          )}
        />
        {categories.isPending && (
          <div role="status">
            <Typography variant="body2">{t('studio.signup.categoriesLoading')}</Typography>
            <Skeleton height={56} />
          </div>
        )}
        {categories.isError && <Alert severity="error">{t('studio.signup.categoriesFailed')}</Alert>}
        {categories.data && (
          <Controller
            control={form.control}
            name="categories"
            render={({ field }) => (
              <CheckboxGroup
                name="categories"
                legend={t('studio.signup.categories')}
                options={categoryOptions}
                value={field.value}
                onChange={field.onChange}
                error={message('categories')}
                hint={t('studio.signup.categoriesHint')}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name="terms"
          render={({ field }) => (
            <FormControl error={Boolean(message('terms'))}>
              <FormControlLabel
                label={t('studio.signup.terms')}
                control={
                  <Checkbox
                    name="terms"
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.target.checked)}
                    slotProps={{ input: { 'aria-invalid': Boolean(message('terms')) } }}
                  />
                }
              />
              {message('terms') && <FormHelperText>{message('terms')}</FormHelperText>}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={signup.isPending} fullWidth>
          {t('studio.signup.submit')}
        </Button>
      </Stack>
      <Link component={RouterLink} to="/studio/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('studio.signup.haveAccount')}
      </Link>
    </StudioFrame>
  );
}
