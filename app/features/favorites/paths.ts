/** The member's favorites page (a child of the profile). */
export const FAVORITES_PAGE = '/users/profile/favorites';
/** Profile links carry this hash (spec part 1 "Dialogs opened by URL hash"): it opens the favorites page. */
export const FAVORITES_HASH = '#favorites';

/** The show page of a performer. */
export const showPath = (s: { universalId: string; slugName: string }) =>
  `/chat/${encodeURIComponent(s.universalId)}/${encodeURIComponent(s.slugName)}`;
