import { useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '#common/constants.ts';

export type CopyOutcome = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard on `copy()`: `outcome` is "copied" for COPY_CONFIRMATION_MS
 * (then idle again), or "failed" where the browser refuses the clipboard.
 */
export function useCopy(text: string): { outcome: CopyOutcome; copy: () => Promise<void> } {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  useEffect(() => {
    if (outcome !== 'copied') return;
    const id = setTimeout(() => setOutcome('idle'), COPY_CONFIRMATION_MS);
    return () => clearTimeout(id);
  }, [outcome]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return { outcome, copy };
}
