import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { MessagePopupSwitch } from '#app/features/messages/MessagePopupSwitch.tsx';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import type { User } from '#common/api/auth.ts';
import { useUpdateNewsletter, useUpdateUser } from './api.ts';

/**
 * Newsletter, viewing history, the mail when a performer answers and the one when a favorite
 * comes online in her notification window: each switch saves at once
 * (showing the new state meanwhile). The messages pop-up is this browser's own option.
 */
export function PreferenceSwitches({ user }: { user: User }) {
  const { t } = useTranslation();
  const newsletter = useUpdateNewsletter();
  const history = useUpdateUser();
  const mail = useUpdateUser();
  const favoriteMail = useUpdateUser();
  const failed = newsletter.error ?? history.error ?? mail.error ?? favoriteMail.error;
  const newsletterOn = newsletter.isPending ? newsletter.variables : user.newsletter;
  const historyOn = history.isPending ? (history.variables.show_history ?? user.show_history) : user.show_history;
  const mailOn = mail.isPending ? (mail.variables.message_mail ?? user.message_mail) : user.message_mail;
  const favoriteMailOn = favoriteMail.isPending
    ? (favoriteMail.variables.favorite_mail ?? user.favorite_mail)
    : user.favorite_mail;
  return (
    <FormGroup>
      {failed && <FormAlert message={apiErrorKey(failed)} />}
      <FormControlLabel
        control={<Switch checked={newsletterOn} onChange={(e) => newsletter.mutate(e.target.checked)} />}
        label={t('profile.settings.newsletter')}
      />
      <FormControlLabel
        control={<Switch checked={historyOn} onChange={(e) => history.mutate({ show_history: e.target.checked })} />}
        label={t('profile.settings.show_history')}
      />
      <FormControlLabel
        control={<Switch checked={mailOn} onChange={(e) => mail.mutate({ message_mail: e.target.checked })} />}
        label={t('profile.settings.message_mail')}
      />
      <FormControlLabel
        control={
          <Switch checked={favoriteMailOn} onChange={(e) => favoriteMail.mutate({ favorite_mail: e.target.checked })} />
        }
        label={t('profile.settings.favorite_mail')}
      />
      <MessagePopupSwitch />
    </FormGroup>
  );
}
