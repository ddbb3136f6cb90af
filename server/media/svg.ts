/** Small helpers for the generated SVG pictures (shapes and colours only: no text, no fonts). */

export const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1
    ? `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`
    : `hsla(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%,${a.toFixed(2)})`;

export const svgDocument = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
