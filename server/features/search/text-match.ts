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
 * - trigrams on lower(name) (GIN trigram indexes): `%` (similarity above pg_trgm's 0.3) finds
 *   typos ("anabela" finds "Annabella"); for show names also `<%` (word similarity above 0.6),
 *   a typed name within a longer one.
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

/** A WHERE condition and a relevance score (higher first) for it. */
export type Condition = { where: SQL; rank: SQL };

export type TextMatch = {
  /** Full text only: every word, the last also as a prefix (GIN index on the vector). */
  fulltext: Condition;
  /** Trigram similarity of the name only: typos (GIN trigram index). */
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
  const similarWhere = target.partialNames
    ? sql`(${name} % ${phrase} or ${phrase} <% ${name})`
    : sql`${name} % ${phrase}`;
  const similarity = target.partialNames
    ? sql`greatest(similarity(${name}, ${phrase}), word_similarity(${phrase}, ${name}))`
    : sql`similarity(${name}, ${phrase})`;
  // Names also rank by their similarity, so that "lena" puts Lena before Lena12; titles by the
  // text rank alone (a common word matches thousands of them).
  const textRank = target.partialNames
    ? sql`(ts_rank_cd(${vector}, ${query}) + ${similarity})`
    : sql`ts_rank_cd(${vector}, ${query})`;
  return {
    fulltext: { where: sql`${vector} @@ (${query})`, rank: textRank },
    similar: { where: similarWhere, rank: similarity },
  };
}
