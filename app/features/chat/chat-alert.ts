import { ApiError } from '#app/http.ts';
import { CHAT_END_REASONS, CHAT_START_ERRORS, type ChatEndReason } from '#common/api/chat.ts';

/**
 * The chat alert (spec part 1 "Chat alert dialog"): i18n keys of a title and a message, their
 * values, and an optional action button with a link. Keys, not texts, so a language switch while
 * it is open translates it too.
 */
export type ChatAlert = {
  title: string;
  message: string;
  vars: Record<string, string>;
  action: { label: string; to: string } | null;
};

/** What a refused start leads to (spec part 2 section 8). */
export type StartFailure =
  | { kind: 'verify' }
  | { kind: 'nickname' }
  | { kind: 'sign_up' }
  /** No answer body (network, proxy): logged, the chat hidden, nothing shown. */
  | { kind: 'hidden' }
  | { kind: 'alert'; alert: ChatAlert };

const KNOWN = new Set<string>([...CHAT_START_ERRORS, ...CHAT_END_REASONS]);

const ACTIONS: Partial<Record<string, ChatAlert['action']>> = {
  'chat.no_coins': { label: 'chatsession.buy_coins', to: '/billing' },
};

/** The alert of a chat error key: the spec's keys have a title and a message; others show their own text. */
export function chatAlert(key: string, showName: string): ChatAlert {
  const vars = { name: showName };
  const action = ACTIONS[key] ?? null;
  if (KNOWN.has(key)) return { title: `${key}.title`, message: `${key}.message`, vars, action };
  return { title: 'chatsession.alert.title', message: key, vars, action };
}

/** Why a running session ended, as an alert; null (she stopped it elsewhere) has its own words. */
export const endAlert = (reason: ChatEndReason | null, showName: string): ChatAlert =>
  reason
    ? chatAlert(reason, showName)
    : {
        title: 'chatsession.ended.title',
        message: 'chatsession.ended.message',
        vars: { name: showName },
        action: null,
      };

/** The first message of the first key in the answer's errors, else its message. */
function firstKey(error: ApiError): string {
  const errors = error.body?.errors ?? {};
  const [field] = Object.keys(errors);
  return (field !== undefined ? errors[field]?.[0] : undefined) ?? field ?? error.body?.message ?? '';
}

/** Maps a failed start to what the member sees (spec part 2 section 8 "Chat start errors"). */
export function startFailure(error: unknown, showName: string): StartFailure {
  if (!(error instanceof ApiError) || error.body === null) return { kind: 'hidden' };
  const key = firstKey(error);
  if (key === 'chat.not_verfified') return { kind: 'verify' };
  if (key === 'chat.no_nickname') return { kind: 'nickname' };
  if (key === 'chat.sign_up_required') return { kind: 'sign_up' };
  return { kind: 'alert', alert: chatAlert(key || 'errors.unknown_error', showName) };
}
