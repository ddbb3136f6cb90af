/** Small helpers for the generated SVG pictures. */

export const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

export const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1
    ? `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`
    : `hsla(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%,${a.toFixed(2)})`;

export const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** Breaks a title into at most `lines` lines of about `width` characters, with an ellipsis when cut. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate.length > width ? `${candidate.slice(0, width - 1)}…` : candidate;
      continue;
    }
    out.push(line);
    line = word;
    if (out.length === lines) {
      const last = out[lines - 1] as string;
      out[lines - 1] = `${last.slice(0, width - 1)}…`;
      return out;
    }
  }
  if (line) out.push(line);
  return out.slice(0, lines);
}

export const FONT = 'DejaVu Sans, Verdana, Arial, sans-serif';
