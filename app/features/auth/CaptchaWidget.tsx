import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorBody } from '#common/api/errors.ts';
import { loadRecaptcha } from './recaptcha.ts';

export type CaptchaChallenge = NonNullable<ApiErrorBody['captcha']>;

/** What the sandbox widget posts to this page (server/providers/captcha/sandbox-pages.ts). */
export const SANDBOX_MESSAGE = 'livecam-sandbox-captcha';

/**
 * The captcha the server asked for: the sandbox service's framed checkbox, or Google's
 * reCAPTCHA v2 checkbox. Hands the response token up when solved, and null when it expires.
 */
/** The newest callback, for listeners set up once (the widgets must not restart on a re-render). */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

export function CaptchaWidget({
  challenge,
  onToken,
}: {
  challenge: CaptchaChallenge;
  onToken: (token: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box role="group" aria-label={t('users.signup2.form.captcha')} data-testid="captcha">
      {challenge.provider === 'sandbox' ? (
        <SandboxCaptcha siteKey={challenge.site_key} onToken={onToken} />
      ) : (
        <Recaptcha siteKey={challenge.site_key} onToken={onToken} />
      )}
    </Box>
  );
}

function SandboxCaptcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useLatest(onToken);
  useEffect(() => {
    // Only this origin's widget, in this frame, may hand over a token.
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as { type?: unknown; token?: unknown };
      if (data?.type !== SANDBOX_MESSAGE) return;
      latest.current(typeof data.token === 'string' ? data.token : null);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [latest]);
  const src = `/sandbox/captcha?${new URLSearchParams({ k: siteKey, hl: i18n.language })}`;
  return (
    <Box
      component="iframe"
      ref={frame}
      src={src}
      title={t('users.signup2.form.captcha')}
      sx={{ display: 'block', width: 304, maxWidth: '100%', height: 78, border: 0 }}
    />
  );
}

function Recaptcha({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useLatest(onToken);
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha(i18n.language).then(
      (api) => {
        if (cancelled || !box.current) return;
        // A fresh element each time: Google renders into an element once.
        const el = document.createElement('div');
        box.current.replaceChildren(el);
        api.render(el, {
          sitekey: siteKey,
          callback: (token) => latest.current(token),
          'expired-callback': () => latest.current(null),
          'error-callback': () => latest.current(null),
        });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey, latest, i18n.language]);
  return (
    <>
      <div ref={box} />
      {failed && <FormHelperText error>{t('errors.captcha_unavailable')}</FormHelperText>}
    </>
  );
}
