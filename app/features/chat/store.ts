import { create } from 'zustand';
import type { ChatSessionState, ChatStartAnswer } from '#common/api/chat.ts';
import type { ChatRequest } from '#common/domain/chat-session.ts';
import type { ChatAlert } from './chat-alert.ts';
import { rememberRunning } from './running-tab.ts';

/** The session running in this tab: its id (login), the newest join credential, and its state. */
export type RunningSession = { login: string; password: string; state: ChatSessionState };

/** The session to rate after it stopped (spec part 2 "Chat state": rating fields), and the show it was with. */
export type ChatRating = {
  sessionId: string;
  contentProviderId: number;
  showId: string;
  saving: boolean;
  universalId: string;
};

/**
 * The chat's client state (spec part 2 section 3 "Chat state"), server answers aside: what is
 * being started with which show, the alert, the rating to ask for, and the running session.
 */
export type ChatState = {
  sessionType: ChatRequest | null;
  universalId: string | null;
  latestUniversalId: string | null;
  nickname: string | null;
  realm: string | null;
  error: ChatAlert | null;
  loading: boolean;
  rating: ChatRating | null;
  session: RunningSession | null;
  /** The nickname dialog: open to start `sessionType` with `universalId` once a nickname exists. */
  askNickname: boolean;
};

const initial: ChatState = {
  sessionType: null,
  universalId: null,
  latestUniversalId: null,
  nickname: null,
  realm: null,
  error: null,
  loading: false,
  rating: null,
  session: null,
  askNickname: false,
};

export const useChatStore = create<ChatState>()(() => initial);

const set = useChatStore.setState;

/** An ended state is final: a heartbeat answered before the end cannot open it again. */
function merged(current: ChatSessionState, next: ChatSessionState): ChatSessionState {
  if (!current.open) return current;
  return next;
}

export const chatActions = {
  /** The member chose a session type with a show. */
  request: (universalId: string, sessionType: ChatRequest) =>
    set({ universalId, sessionType, error: null, askNickname: false }),
  loading: (loading: boolean) => set({ loading }),
  askNickname: (askNickname: boolean) => set({ askNickname }),
  started: (answer: ChatStartAnswer) => {
    rememberRunning({ login: answer.login, universalId: answer.buddyaddr });
    set({
      loading: false,
      error: null,
      realm: answer.realm,
      nickname: answer.session.nickname,
      universalId: answer.buddyaddr,
      latestUniversalId: answer.buddyaddr,
      session: { login: answer.login, password: answer.password, state: answer.session },
    });
  },
  /** A refused start: loading stops, the chat stays hidden, the alert (if any) shows. */
  failed: (error: ChatAlert | null) => set({ loading: false, session: null, error }),
  alert: (error: ChatAlert | null) => set({ error }),
  /** A heartbeat's answer (with a fresh credential) or a pushed state of the running session. */
  update: (state: ChatSessionState, password?: string) =>
    set((s) => {
      if (!s.session || s.session.login !== state.id) return s;
      return {
        session: { ...s.session, password: password ?? s.session.password, state: merged(s.session.state, state) },
      };
    }),
  /** The chat is hidden: nothing runs any more. */
  cleared: () => {
    rememberRunning(null);
    set({ session: null, sessionType: null, loading: false });
  },
  rate: (rating: ChatRating | null) => set({ rating }),
  /** A show page opens: nothing of another show's chat is asked or shown there. */
  entered: () => set({ error: null, askNickname: false, rating: null, loading: false }),
  ratingSaving: (saving: boolean) => set((s) => (s.rating ? { rating: { ...s.rating, saving } } : s)),
  /** Back to the start (tests, logout). */
  reset: () => {
    rememberRunning(null);
    set(initial, true);
  },
};
