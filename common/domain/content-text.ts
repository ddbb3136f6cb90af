/**
 * The texts of the content pages (legal texts, FAQ, the performer guide), which operators edit in
 * the console without a release. A text is written in a small, safe subset of Markdown:
 *
 *   # Title                  the first line, once
 *   Intro paragraphs         up to the first section
 *   ## Section heading       a section (on the FAQ page: a question)
 *   Paragraphs               separated by an empty line (on the FAQ page: the answer)
 *
 * Nothing else has a meaning: every character is shown as it is written, never read as HTML, so a
 * text cannot inject markup or scripts. E-mail addresses become mail links when shown; `{{site}}`,
 * `{{email}}` and the operator's other details are filled in from the configuration.
 */

/** The pages whose text comes from the content API, by their text key. */
export const CONTENT_PAGES = [
  'imprint',
  'terms',
  'privacy',
  'youth_protection',
  'complaints',
  'abuse',
  'refund',
  'content_policy',
  'takedown',
  'usc2257',
  'camgirl_werden',
  'camgirl_faq',
  'webmaster',
  'faq',
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

export const isContentPage = (value: unknown): value is ContentPage =>
  typeof value === 'string' && (CONTENT_PAGES as readonly string[]).includes(value);

/** A text's length at most (the longest page, the terms, is about 12,000 characters). */
export const CONTENT_TEXT_MAX = 40_000;

export type ContentSection = { heading: string; paragraphs: string[] };
/** A page's text read: its title, its intro (paragraphs), its sections in order. */
export type ContentDoc = { title: string; intro: string[]; sections: ContentSection[] };

const TITLE = /^#\s+(.+)$/;
const HEADING = /^##\s+(.+)$/;

/** Paragraphs: blocks between empty lines, each one line (a line break inside is a space). */
function paragraphsOf(lines: readonly string[]): string[] {
  const out: string[] = [];
  let block: string[] = [];
  for (const line of [...lines, '']) {
    if (line.trim() === '') {
      if (block.length) out.push(block.join(' '));
      block = [];
    } else block.push(line.trim());
  }
  return out;
}

/**
 * Reads a text; null when it is not one (no `# Title` first, or a section without a heading text).
 * Lines before the title are only allowed to be empty.
 */
export function parseContentText(text: string): ContentDoc | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const title = first >= 0 ? TITLE.exec(lines[first]?.trim() ?? '') : null;
  if (!title?.[1]) return null;
  const intro: string[] = [];
  const sections: { heading: string; lines: string[] }[] = [];
  for (const raw of lines.slice(first + 1)) {
    const line = raw.trim();
    if (TITLE.test(line) && !HEADING.test(line)) return null;
    const heading = HEADING.exec(line);
    if (heading?.[1]) sections.push({ heading: heading[1].trim(), lines: [] });
    else (sections.at(-1)?.lines ?? intro).push(raw);
  }
  return {
    title: title[1].trim(),
    intro: paragraphsOf(intro),
    sections: sections.map((s) => ({ heading: s.heading, paragraphs: paragraphsOf(s.lines) })),
  };
}

/** Writes a page's text back in the subset, so that `parseContentText` reads the same page. */
export function formatContentText(doc: ContentDoc): string {
  const blocks = [`# ${doc.title}`, ...doc.intro];
  for (const s of doc.sections) blocks.push(`## ${s.heading}`, ...s.paragraphs);
  return blocks.join('\n\n');
}
