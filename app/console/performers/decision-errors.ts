import { ApiError } from '../../api-error.ts';
import { useErrorText } from '../errors.ts';
import { useTexts } from '../locale.tsx';
import { decisionFieldText } from './format.ts';
import { performerTexts } from './texts.ts';

/**
 * What a failed decision says in its dialog: each refused field's words (the record's and the
 * reason's own rules first, the console's general ones otherwise), and a refusal of the state
 * (decided meanwhile, or not approvable) in words of its own.
 */
export function useDecisionErrors(error: unknown) {
  const t = useTexts(performerTexts);
  const { field } = useErrorText();
  const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
  const conflict = error instanceof ApiError && error.status === 409 ? error.body?.message : undefined;
  return {
    fieldText: (name: string) => {
      const key = fields[name];
      return key ? (decisionFieldText(t, key) ?? field(key)) : undefined;
    },
    refusal: conflict === 'decided' ? t.decidedAlready : conflict === 'state' ? t.err_state : undefined,
  };
}
