import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';
import { passkeyErrorKey, usePasskeySignIn } from './passkeys-api.ts';
import { useApplySignedIn } from './signedIn.ts';

/** "Sign in with a passkey" below the password form; the browser asks which passkey (decision 066). */
export function PasskeySignIn({ onSuccess }: { onSuccess?: ((user: User) => void) | undefined }) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  const signedIn = useApplySignedIn();
  const supported = typeof window !== 'undefined' && browserSupportsWebAuthn();
  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: ({ user }) => {
        signedIn(user);
        onSuccess?.(user);
      },
    });
  return (
    <Stack spacing={1}>
      {signIn.isError && <FormAlert message={passkeyErrorKey(signIn.error)} />}
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<KeyIcon />}
        onClick={start}
        loading={signIn.isPending}
        disabled={!supported}
      >
        {t('passkeys.sign_in')}
      </Button>
      {!supported && <FormAlert severity="info" message="passkeys.unsupported" />}
    </Stack>
  );
}
