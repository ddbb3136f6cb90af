import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useUser } from '#app/features/session/api.ts';
import { ApiError } from '#app/http.ts';
import { HASH } from '#app/platform/hash-dialogs.ts';
import { notify } from '#app/ui/snackbar.ts';
import { useToggleFavorite } from './api.ts';

export type FavoriteToggleShow = { universalId: string; showName: string; isFavorite: boolean };

/** The first message of a refused favorite: the first field's first key, else the error's own. */
export function firstErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.fieldErrors())[0];
    if (first) return first;
    if (error.body?.message) return `errors.${error.body.message.replace(/^errors\./, '')}`;
  }
  return 'errors.unknown_error';
}

/**
 * The heart on the show page: adds or removes the performer from the member's favorites.
 * Visitors get the sign-in dialog; a refused add shows its first error.
 */
export function FavoriteToggle({ show }: { show: FavoriteToggleShow }) {
  const { t } = useTranslation();
  const member = Boolean(useUser());
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const toggle = useToggleFavorite(show.universalId);
  // While the request runs the heart already shows where it is going.
  const pressed = toggle.isPending ? Boolean(toggle.variables) : show.isFavorite;
  const label = t(pressed ? 'favorites.toggle.remove' : 'favorites.toggle.add', { name: show.showName });

  const onClick = () => {
    if (!member) {
      void navigate({ pathname, search, hash: HASH.signIn });
      return;
    }
    if (toggle.isPending) return;
    const add = !show.isFavorite;
    toggle.mutate(add, {
      onError: (error) => {
        if (add && error instanceof ApiError && error.status === 422) notify(firstErrorKey(error), 'error');
        else notify('errors.unknown_error', 'error');
      },
    });
  };

  return (
    <Tooltip title={label}>
      <IconButton
        onClick={onClick}
        aria-pressed={pressed}
        aria-label={label}
        aria-busy={toggle.isPending || undefined}
        color={pressed ? 'secondary' : 'default'}
      >
        {pressed ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}
