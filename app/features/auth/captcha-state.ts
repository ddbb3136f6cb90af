import { useCallback, useRef, useState } from 'react';
import { ApiError } from '#app/http.ts';
import type { CaptchaChallenge } from './CaptchaWidget.tsx';

/**
 * The register form's captcha: none until the server asks for one (captcha_required, _invalid,
 * _expired name the widget); then the widget's token goes with the next submit. A token is good
 * once, so after a refused submit the widget starts over (a new round) for a fresh one.
 */
export function useCaptchaState() {
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [round, setRound] = useState(0);
  const token = useRef<string | null>(null);
  const refused = useCallback((err: unknown) => {
    if (err instanceof ApiError && err.body?.captcha) setChallenge(err.body.captcha);
    if (token.current) {
      token.current = null;
      setRound((r) => r + 1);
    }
  }, []);
  return { challenge, round, token, refused };
}
