import type { User } from '#common/api/auth.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { unauthenticated } from '#server/errors.ts';
import { loadPresentableUser, type UserWithNicknames } from './data.ts';

/** The user as the client sees it (spec part 1 section 3); never the row itself. */
export function presentUser(u: UserWithNicknames): User {
  const data = u.nicknames.map((n) => ({ id: n.id, nickname: n.nickname }));
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    coins: u.coins,
    is_verified: u.isVerified,
    show_history: u.showHistory,
    newsletter: u.newsletter,
    message_mail: u.messageMail,
    favorite_mail: u.favoriteMail,
    locale: u.locale === 'de' ? 'de' : 'en',
    theme: u.theme,
    has_password: u.passwordHash !== null,
    nicknames: { data, current_nickname: data.find((n) => n.id === u.currentNicknameId) ?? null },
  };
}

/**
 * The `{ user }` answer for a member by id. A gone or inactive account means the session is over:
 * `unauthenticated`, the one 401 the client takes as the end of the session.
 */
export async function userAnswer(db: DbOrTx, userId: number) {
  const u = await loadPresentableUser(db, userId);
  if (!u) throw unauthenticated();
  return { user: presentUser(u) };
}
