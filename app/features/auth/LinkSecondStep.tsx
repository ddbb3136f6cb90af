import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshSession } from '#app/features/session/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { LinkAnswer } from './api.ts';
import { LoginForm } from './LoginForm.tsx';
import { SecondFactorStep, useSecondStepState } from './SecondFactorStep.tsx';
import type { Challenge } from './second-factor-api.ts';

/** The second step a link's answer asks for, or null when it signed in at once. */
export const challengeOf = (answer: LinkAnswer | undefined): Challenge | null =>
  answer && 'second_factor' in answer ? answer.second_factor : null;

/**
 * After a reset or activation link answered 202 (decision 071: a mailed link is a first factor
 * only): what the link did (`notice`, it stands either way), then the second step. Back from the
 * step, or once it ran out, the password sign-in right here, which may ask for it again, as on the
 * unlock page. The link ended every session of hers, this browser's too, so the session is read
 * again. Signed in either way, `onSignedIn`.
 */
export function LinkSecondStep({
  first,
  notice,
  onSignedIn,
}: {
  first: Challenge;
  notice: string;
  onSignedIn: () => void;
}) {
  const client = useQueryClient();
  const { challenge, expired, ask, back } = useSecondStepState(first);
  useEffect(() => {
    refreshSession(client).catch(() => undefined);
  }, [client]);

  return (
    <Stack spacing={2}>
      <FormAlert severity="success" message={notice} />
      {challenge ? (
        <SecondFactorStep challenge={challenge} onSignedIn={onSignedIn} onBack={back} />
      ) : (
        <>
          {expired && <FormAlert severity="warning" message="second_factor.step.expired" />}
          <LoginForm onSuccess={onSignedIn} onChallenge={ask} autoFocus />
        </>
      )}
    </Stack>
  );
}
