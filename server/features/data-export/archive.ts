import { strToU8, Zip, ZipDeflate } from 'fflate';
import { translate } from '#common/i18n/translate.ts';
import { accountAreas } from './areas-account.ts';
import { activityAreas } from './areas-activity.ts';
import { coinAreas } from './areas-coins.ts';
import { securityAreas } from './areas-security.ts';
import type { Area, ReadScope } from './read-kit.ts';

/** Every file of the copy, in the order the README lists them. */
export const AREAS: Area[] = [...accountAreas, ...coinAreas, ...activityAreas, ...securityAreas];

/** The README's key of a file: profile.json -> profile, coin-movements.json -> coin_movements. */
const readmeKey = (file: string) => file.replace(/\.json$/, '').replaceAll('-', '_');

/** README.txt in her language: what the copy is, and a line per file. */
export function readme(scope: Pick<ReadScope, 'locale' | 'askedAt'>, vars: { site: string; email: string }): string {
  const t = (key: string, v: Record<string, string> = {}) => translate(scope.locale, `data_export.readme.${key}`, v);
  const at = scope.askedAt.toISOString();
  return [
    t('title', { site: vars.site }),
    '',
    t('intro', { email: vars.email, at }),
    '',
    t('files'),
    ...AREAS.map((a) => `- ${a.file}: ${t(readmeKey(a.file))}`),
    '',
    t('questions'),
    '',
  ].join('\r\n');
}

/**
 * The ZIP as it is made, chunk by chunk: each area is read a page at a time and its JSON
 * compressed as it goes, and the next page is read only when the consumer (the storage's write)
 * asks for more. A large account is never held whole in memory, neither its rows nor the archive.
 */
export async function* zipOfCopy(scope: ReadScope, readmeText: string): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failed) throw failed;
    while (out.length) yield out.shift() as Uint8Array;
  };
  const file = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    return (text: string, final = false) => entry.push(strToU8(text), final);
  };

  file('README.txt')(readmeText, true);
  yield* drain();
  for (const area of AREAS) {
    const push = file(area.file);
    if (area.kind === 'object') {
      push(`${JSON.stringify(await area.read(scope), null, 2)}\n`, true);
    } else {
      let first = true;
      push('[');
      for await (const page of area.read(scope)) {
        const text = page.map((row) => `\n  ${JSON.stringify(row)}`).join(',');
        push(first ? text : `,${text}`);
        first = false;
        yield* drain();
      }
      push(first ? ']\n' : '\n]\n', true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
}
