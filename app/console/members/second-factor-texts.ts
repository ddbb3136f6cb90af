import { defineTexts } from '../locale.tsx';

/** The words of a member's second factor on her console page, English and German (formal). */
export const secondFactorTexts = defineTexts({
  en: {
    fSecondFactor: 'Two-factor sign-in',
    on: 'On (authenticator app)',
    off: 'Off',
    resetButton: 'Reset second factor…',
    resetTitle: 'Reset her second factor?',
    resetHint:
      'Her authenticator app and recovery codes stop working and sign-in asks only for her password again; her remembered devices are forgotten. Only do this after checking that the request really comes from her. Her passkeys stay.',
    resetSubmit: 'Reset second factor',
    resetDone: 'Her second factor is reset: she signs in with her password alone and can set up a new app.',
    resetNone: 'She had no second factor set up: nothing was changed.',
    resetRepeated: 'This reset was done already: nothing was done again.',
  },
  de: {
    fSecondFactor: 'Anmeldung mit zweitem Faktor',
    on: 'An (Authenticator-App)',
    off: 'Aus',
    resetButton: 'Zweiten Faktor zurücksetzen…',
    resetTitle: 'Ihren zweiten Faktor zurücksetzen?',
    resetHint:
      'Ihre Authenticator-App und ihre Wiederherstellungscodes gelten dann nicht mehr, die Anmeldung fragt wieder nur nach ihrem Passwort; gemerkte Geräte werden vergessen. Tun Sie das nur, nachdem Sie geprüft haben, dass die Anfrage wirklich von ihr kommt. Ihre Passkeys bleiben.',
    resetSubmit: 'Zweiten Faktor zurücksetzen',
    resetDone:
      'Ihr zweiter Faktor ist zurückgesetzt: Sie meldet sich nur mit ihrem Passwort an und kann eine neue App einrichten.',
    resetNone: 'Sie hatte keinen zweiten Faktor eingerichtet: Es wurde nichts geändert.',
    resetRepeated: 'Dieses Zurücksetzen wurde bereits erledigt: Es wurde nichts erneut ausgeführt.',
  },
});
