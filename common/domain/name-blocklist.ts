import { RESERVED_NICKNAMES } from '../constants.ts';

/**
 * Names members and performers choose for others to see (nicknames; show names by the same rule
 * once performers choose them): no staff, system or site names (nobody may imitate the
 * operator), and no offensive words, in English and German. The FAQ promises both.
 *
 * A name is compared in its plain form: lower case, accents dropped (ä as a, ß as ss), digits
 * and signs read as the letters they stand in for (0 o, 1 i or l, 3 e, 4 a, 5 s, 7 t, 8 b, @ a,
 * $ s), separators (dot, underscore, hyphen, spaces) gone, and runs of three or more of a letter
 * read as one ("fuuuck"). A term matches anywhere in that form ("Admin_2", "4dm1n", "The.Admin");
 * a term written with a leading "=" only as a whole word of the name, where words are split at
 * separators and at a capital after a small letter, and digits around a word are dropped
 * ("=nazi" refuses "Nazi88" and "NaziGirl", not "Nazira").
 */

export type NameRefusal = 'reserved' | 'offensive';

/** Staff, system and free-chat names. The site's own names come from the configuration. */
export const RESERVED_NAME_TERMS: readonly string[] = [
  ...RESERVED_NICKNAMES,
  'admin',
  'moderator',
  'support',
  'system',
  'staff',
  'official',
  'offiziell',
  'webmaster',
  'sysop',
  'operator',
  'betreiber',
  'mitarbeiter',
  'kundendienst',
  'kundenservice',
  'customerservice',
  'helpdesk',
  'livecam',
];

/**
 * Offensive words, English and German. Kept to terms that hardly occur inside harmless names;
 * shorter or ambiguous ones are whole words only.
 */
export const OFFENSIVE_NAME_TERMS: readonly string[] = [
  // English
  'fuck',
  'cunt',
  'nigger',
  'nigga',
  'faggot',
  'retard',
  'whore',
  'bitch',
  'asshole',
  'dickhead',
  'cocksucker',
  'rapist',
  'rape',
  'pedo',
  'paedo',
  'underage',
  'childporn',
  'hitler',
  '=nazi',
  '=kkk',
  '=slut',
  // German
  'fotze',
  'wichser',
  'hurensohn',
  'hure',
  'nutte',
  'schlampe',
  'arschloch',
  'missgeburt',
  'spasti',
  '=spast',
  'schwuchtel',
  '=neger',
  'kanake',
  'ficken',
  '=fick',
  'scheisse',
  'vergewaltig',
  'kinderporn',
  'minderjahrig',
  'judensau',
  'siegheil',
];

const LETTER_FOR: Readonly<Record<string, string>> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
};

/** Lower case, no accents, ß as ss. */
const folded = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');

/** The plain forms of a folded text: digits as letters ("1" once as i, once as l), no separators. */
function plainForms(value: string): string[] {
  const read = (one: string) =>
    [...value]
      .map((c) => (c === '1' ? one : (LETTER_FOR[c] ?? c)))
      .join('')
      .replace(/[^\p{L}\p{N}]+/gu, '')
      .replace(/(\p{L})\1{2,}/gu, '$1');
  const forms = new Set([read('i'), read('l')]);
  return [...forms];
}

/**
 * The words of a name: split at separators and at a capital after a small letter; each also
 * without the digits around it ("Nazi88").
 */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}@$]+/u)
    .flatMap((w) => [w, w.replace(/^\p{N}+|\p{N}+$/gu, '')])
    .filter((w) => w !== '');
}

type Term = { text: string; whole: boolean };

/** A list entry in its plain form; null when nothing of 3 characters or more is left. */
export function blocklistTerm(entry: string): Term | null {
  const trimmed = entry.trim();
  const whole = trimmed.startsWith('=');
  const text = plainForms(folded(whole ? trimmed.slice(1) : trimmed))[0] ?? '';
  return text.length >= 3 ? { text, whole } : null;
}

export type NameRules = { reserved: readonly Term[]; offensive: readonly Term[] };

const terms = (entries: readonly string[]) => entries.map(blocklistTerm).filter((t): t is Term => t !== null);

/**
 * The rules in force: the built-in terms, the site's names (reserved) and the operator's own list
 * (NAME_BLOCKLIST, NAME_BLOCKLIST_FILE: refused like offensive words).
 */
export function nameRules(opts: { siteNames?: readonly string[]; extra?: readonly string[] } = {}): NameRules {
  return {
    reserved: terms([...RESERVED_NAME_TERMS, ...(opts.siteNames ?? [])]),
    offensive: terms([...OFFENSIVE_NAME_TERMS, ...(opts.extra ?? [])]),
  };
}

function matches(name: string, list: readonly Term[]): boolean {
  const forms = plainForms(folded(name));
  const words = wordsOf(name).flatMap((w) => plainForms(folded(w)));
  return list.some((term) =>
    term.whole
      ? words.includes(term.text) || forms.includes(term.text)
      : forms.some((form) => form.includes(term.text)),
  );
}

/** Why a name may not be used, or null when it may. */
export function nameRefusal(name: string, rules: NameRules): NameRefusal | null {
  if (matches(name, rules.reserved)) return 'reserved';
  if (matches(name, rules.offensive)) return 'offensive';
  return null;
}
