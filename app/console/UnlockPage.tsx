import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api-error.ts';
import { consoleApi } from './api.ts';
import { useErrorText } from './errors.ts';
import { useTexts } from './locale.tsx';
import { CardPage } from './SignInPage.tsx';
import { signInTexts } from './texts.ts';

/**
 * The mailed unlock link's page: its button (never the opening of the link, which mail scanners
 * do) makes this browser a known device of the operator; password and code are still needed.
 */
export function UnlockPage() {
  const t = useTexts(signInTexts);
  const { say } = useErrorText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const link = params.get('token') ?? '';
  const unlock = useMutation({
    mutationFn: () => consoleApi('POST', 'unlock', { link }),
    onSuccess: () => navigate('/admin/login?unlocked=1', { replace: true }),
  });
  const invalid = unlock.error instanceof ApiError && [404, 410, 422].includes(unlock.error.status);
  return (
    <CardPage title={t.unlockTitle}>
      <Typography>{t.unlockText}</Typography>
      {unlock.error ? (
        <Alert severity="error" role="alert">
          {invalid ? t.unlockInvalid : say(unlock.error)}
        </Alert>
      ) : null}
      <Button
        variant="contained"
        onClick={() => unlock.mutate()}
        loading={unlock.isPending}
        disabled={!link || invalid}
      >
        {t.unlockButton}
      </Button>
      <Button component={Link} to="/admin/login">
        {t.toSignIn}
      </Button>
    </CardPage>
  );
}
