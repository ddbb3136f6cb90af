/**
 * The operator's word filter for chat messages (CHAT_WORD_FILTER): a message that contains a
 * listed word is refused as a whole, never altered.
 *
 * A listed word matches only as a whole word (listed "spam" refuses "Spam!" and "more spam", not
 * "spammer"), case-blind and accent-blind ("Späm" is "spam"), and also when it is written apart
 * with common separators to slip through: "s.p.a.m", "s p a m", "sp-am", "s_p_a_m". A word is a run
 * of letters and digits; parts written apart join up across at most MAX_GAP separator characters
 * each. An entry with separators of its own ("whats app") is listed joined ("whatsapp"), so either
 * spelling is refused.
 */

/** Separator characters between two parts of one word ("s . p" has 3). */
const MAX_GAP = 3;

/** Lower case, no accents, ß as ss. */
const folded = (value: string) => value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');

const PART = /[\p{L}\p{N}]+/gu;

/** A message's words in order, each with the number of separator characters before it. */
function partsOf(text: string): Array<{ word: string; gap: number }> {
  const parts: Array<{ word: string; gap: number }> = [];
  let end = 0;
  for (const match of folded(text).matchAll(PART)) {
    parts.push({ word: match[0], gap: match.index - end });
    end = match.index + match[0].length;
  }
  return parts;
}

/** An entry as it is compared: folded, its separators gone; null when nothing is left. */
export function filterWord(entry: string): string | null {
  const word = (folded(entry).match(PART) ?? []).join('');
  return word === '' ? null : word;
}

/**
 * The filter for the listed words: answers the listed word a text contains (its compared form),
 * or null when it contains none. Built once per list.
 */
export function chatWordFilter(entries: readonly string[]): (text: string) => string | null {
  const words = new Set(entries.map(filterWord).filter((w): w is string => w !== null));
  if (words.size === 0) return () => null;
  const longest = Math.max(...[...words].map((w) => w.length));
  return (text) => {
    const parts = partsOf(text);
    for (let start = 0; start < parts.length; start += 1) {
      let joined = '';
      for (let i = start; i < parts.length; i += 1) {
        const part = parts[i];
        if (!part || (i > start && part.gap > MAX_GAP)) break;
        joined += part.word;
        if (joined.length > longest) break;
        if (words.has(joined)) return joined;
      }
    }
    return null;
  };
}
