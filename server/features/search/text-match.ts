import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Turning what a visitor typed into search conditions. The input is reduced to words (letters and
 * digits of any script, lower case); everything else (quotes, backslashes, tsquery and LIKE
 * operators, wildcards) only separates words. The words go to PostgreSQL as bound parameters:
 *
 * - full text: `to_tsquery` in 'simple' (names), 'german' and 'english' over the generated
 *   `search` columns, OR-ed; all words must match, the last one also as a prefix (typing "anna"
 *   finds "Annabella");
 * - show names also inside a word: `lower(name) like '%word%'` for every word of 3 characters or
 *   more ("sophi" finds "MoonSophie"), answered by the trigram index;
 * - trigrams on lower(name) (GIN trigram indexes): `%` (similarity above pg_trgm's 0.3) finds
 *   typos ("anabela" finds "Annabella"); for show names also `<%` (word similarity above 0.6),
 *   a typed name within a longer one, and a typo inside a name ("sophei" finds "MoonSophie"):
 *   at least half (and two) of the word's inner trigrams, those without pg_trgm's word-boundary
 *   padding, occur in the name.
 *
 * The searches take the trigram match only when the full text finds nothing (a typo): PostgreSQL
 * would otherwise compute a similarity for every row whenever the words are common (it rightly
 * prefers a scan to the trigram index then). Input without any word matches nothing, never
 * everything.
 */

/** At most this many words count; the rest of a long input is ignored. */
const MAX_WORDS = 8;
/** A word is cut to this length (a lexeme longer than this only occurs in junk). */
const MAX_WORD = 40;
/** The last word is matched as a prefix from this length on (shorter prefixes match too much). */
const PREFIX_FROM = 3;
/** Words match inside names from this length on (a trigram index answers 3 characters or more). */
const INFIX_FROM = 3;

export type SearchText = {
  /** The words, lower case, in input order. */
  words: string[];
  /** The words joined by spaces: what trigram similarity compares with. */
  phrase: string;
};

/** The words of the input, or null when it has none. */
export function parseSearch(input: string | undefined): SearchText | null {
  if (!input) return null;
  const words = (
    input
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD));
  if (words.length === 0) return null;
  return { words, phrase: words.join(' ') };
}

/**
 * The tsquery text: the words AND-ed, the last one with `:*` when long enough; with `weights`
 * only lexemes of those weights match (A: names and titles). The words hold letters and digits
 * only, so the text cannot contain tsquery syntax of its own.
 */
export function tsQueryText(text: SearchText, weights = ''): string {
  const last = text.words.length - 1;
  return text.words
    .map((w, i) => {
      const prefix = i === last && w.length >= PREFIX_FROM ? '*' : '';
      return prefix || weights ? `${w}:${prefix}${weights}` : w;
    })
    .join(' & ');
}

export type Scope = 'names' | 'texts';

export type Target = {
  /** The table and its primary key. */
  table: PgTable;
  id: AnyPgColumn;
  /** The generated tsvector column. */
  vector: SQL;
  /** lower(<name or title>), the expression a trigram index covers. */
  name: SQL;
  /** Text search configurations the name part of the vector was built with. */
  nameConfigs: ReadonlyArray<'simple' | 'german' | 'english'>;
  /** Whether word similarity (a typed name within a longer one) counts too. */
  partialNames: boolean;
};

/** A tsquery over several configurations, OR-ed (a word may be a German or an English one). */
function tsQuery(configs: ReadonlyArray<string>, query: string): SQL {
  const parts = configs.map((c) => sql`to_tsquery(${c}::regconfig, ${query}::text)`);
  return sql.join(parts, sql` || `);
}

/**
 * The trigrams of a word without pg_trgm's padding ("sophei": sop, oph, phe, hei): those can occur
 * inside a longer name, where the padded ones at the word's edges cannot.
 */
export function innerTrigrams(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/** `%<text>%`: the words hold letters and digits only, so no LIKE wildcard or escape gets in. */
const containing = (name: SQL, text: string) => sql`${name} like ${`%${text}%`}`;

/** Every word (each of 3 characters or more) inside the name; null when a word is shorter. */
function infixWhere(name: SQL, text: SearchText): SQL | null {
  if (text.words.some((w) => [...w].length < INFIX_FROM)) return null;
  return sql.join(
    text.words.map((w) => containing(name, w)),
    sql` and `,
  );
}

/**
 * A typo inside a name: for every word of 4 characters or more, at least half (and two) of its
 * inner trigrams occur in the name. The OR of the LIKEs lets the trigram index find the
 * candidates; the count decides. Null when no word is long enough. The score is the share of
 * inner trigrams found.
 */
function innerTypo(name: SQL, text: SearchText): Condition | null {
  const words = text.words.map(innerTrigrams).filter((grams) => grams.length >= 2);
  if (words.length === 0) return null;
  const found = (grams: string[]) =>
    sql`(${sql.join(
      grams.map((g) => sql`(${containing(name, g)})::int`),
      sql` + `,
    )})`;
  const where = words.map(
    (grams) =>
      sql`(${sql.join(
        grams.map((g) => containing(name, g)),
        sql` or `,
      )}) and ${found(grams)} >= ${Math.max(2, Math.ceil(grams.length / 2))}`,
  );
  const total = words.reduce((n, grams) => n + grams.length, 0);
  return {
    where: sql`(${sql.join(where, sql` and `)})`,
    rank: sql`((${sql.join(words.map(found), sql` + `)})::float8 / ${total})`,
  };
}

/** A WHERE condition and a relevance score (higher first) for it. */
export type Condition = { where: SQL; rank: SQL };

export type TextMatch = {
  /**
   * Full text: every word, the last also as a prefix (GIN index on the vector); for show names
   * also every word inside the name (trigram index).
   */
  fulltext: Condition;
  /** Trigram similarity of the name only: typos, for show names also inside it (GIN trigram index). */
  similar: Condition;
};

/**
 * The match of `text` on a target. `names` looks at names and titles only (weight A in the
 * vectors), `texts` also at slogans and descriptions in both languages.
 */
export function textMatch(target: Target, text: SearchText, scope: Scope): TextMatch {
  const configs = scope === 'names' ? target.nameConfigs : ['simple', 'german', 'english'];
  const query = tsQuery(configs, tsQueryText(text, scope === 'names' ? 'A' : ''));
  const { vector, name } = target;
  const phrase = sql`${text.phrase}::text`;
  const textWhere = sql`${vector} @@ (${query})`;
  if (!target.partialNames) {
    const similarity = sql`similarity(${name}, ${phrase})`;
    // Titles rank by the text rank alone (a common word matches thousands of them).
    return {
      fulltext: { where: textWhere, rank: sql`ts_rank_cd(${vector}, ${query})` },
      similar: { where: sql`${name} % ${phrase}`, rank: similarity },
    };
  }
  const similarity = sql`greatest(similarity(${name}, ${phrase}), word_similarity(${phrase}, ${name}))`;
  const infix = infixWhere(name, text);
  const typo = innerTypo(name, text);
  // Names also rank by their similarity, so that "lena" puts Lena before Lena12, and a name that
  // starts with the word before one that holds it further in.
  return {
    fulltext: {
      where: infix ? sql`(${textWhere} or ${infix})` : textWhere,
      rank: sql`(ts_rank_cd(${vector}, ${query}) + ${similarity})`,
    },
    similar: {
      where: sql`(${name} % ${phrase} or ${phrase} <% ${name}${typo ? sql` or ${typo.where}` : sql``})`,
      rank: typo ? sql`greatest(${similarity}, ${typo.rank})` : similarity,
    },
  };
}
