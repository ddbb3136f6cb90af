import { RESERVED_NICKNAMES } from '../constants.ts';

/**
 * A guest's temporary name in a show's free chat (spec part 2 section 3, session `temp_nickname`):
 * the reserved word "guest", a hyphen and four digits ("guest-4821"), so the performer can tell
 * her guests apart. The digits are drawn at random and say nothing about the visitor. No member
 * can take such a name: "guest" is reserved inside any nickname (name-blocklist.ts).
 */
export const GUEST_NAME_PREFIX = `${RESERVED_NICKNAMES[0]}-`;
const FIRST = 1000;
const COUNT = 9000;
/** Draws before the rule walks on from the last one: a few collisions are rare, more mean a crowd. */
const DRAWS = 8;

const GUEST_NAME = /^guest-\d{4}$/;
export const isGuestName = (value: string) => GUEST_NAME.test(value);

/** The name a browser holds and the show (universal id) of the visit it was given for. */
export type HeldGuestName = { name: string; show: string };

/**
 * The guest's name for this show visit. The one she holds for the same show stays (a reload or a
 * new connection is the same visit); in another show she gets a new one, not taken by another
 * guest chatting there now (`taken`). `random` answers in [0, 1) like Math.random. When the
 * draws all collide the next free number after the last draw is hers; only when every number is
 * taken does a name repeat.
 */
export function guestNameForVisit(input: {
  held: HeldGuestName | null;
  show: string;
  taken: ReadonlySet<string>;
  random: () => number;
}): string {
  const { held, show, taken, random } = input;
  if (held && held.show === show && isGuestName(held.name)) return held.name;
  const nameOf = (n: number) => `${GUEST_NAME_PREFIX}${FIRST + (n % COUNT)}`;
  let n = 0;
  for (let i = 0; i < DRAWS; i++) {
    n = Math.floor(random() * COUNT);
    if (!taken.has(nameOf(n))) return nameOf(n);
  }
  for (let step = 1; step < COUNT; step++) if (!taken.has(nameOf(n + step))) return nameOf(n + step);
  return nameOf(n);
}
