/**
 * Suggests the address a visitor probably meant when the domain is a near miss of a common
 * mail provider ("gmial.com" -> "gmail.com"). Null when nothing close is found.
 */
const DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'yahoo.com',
  'yahoo.de',
  'hotmail.com',
  'hotmail.de',
  'outlook.com',
  'outlook.de',
  'live.com',
  'live.de',
  'icloud.com',
  'me.com',
  'aol.com',
  'aol.de',
  'posteo.de',
  'mail.de',
  'arcor.de',
  'protonmail.com',
  'proton.me',
  'msn.com',
  'bluewin.ch',
  'online.de',
  'email.de',
  'vodafone.de',
  'kabelmail.de',
];

/** Edit distance where swapped neighbours ("gmial") count as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

export function suggestEmail(email: string): string | null {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  if (at < 1) return null;
  const local = email.trim().slice(0, at);
  const domain = email
    .trim()
    .toLowerCase()
    .slice(at + 1);
  if (!domain || DOMAINS.includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of DOMAINS) {
    const distance = editDistance(domain, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  return best ? `${local}@${best.domain}` : null;
}
