import { VOICECALL_TARGET } from '#app/features/voicecall/paths.ts';
import { isSafeInternalPath, type StartBody } from '#common/api/avs.ts';

/** The page /avs may name as its `target`: a path on this site, but not the age check itself. */
const returnPath = (target: string | null) =>
  target && isSafeInternalPath(target) && !/^\/avs(?:[/?#]|$)/.test(target) ? target : null;

/** Where a passed check leads: the voice call, the page that asked, or home. */
export function destinationFor(target: string | null): string {
  if (target === 'voicecall') return VOICECALL_TARGET;
  return returnPath(target) ?? '/';
}

/** The start request for the page's query (kjm, target). */
export function startBodyFor(target: string | null, kjm: boolean): StartBody {
  const base: StartBody = kjm ? { kjm: true } : {};
  if (target === 'voicecall') return { ...base, target: 'voicecall' };
  const back = returnPath(target);
  return back ? { ...base, target: 'media', back } : base;
}
