import { create } from 'zustand';
import { SNACKBAR_TIMEOUT_MS } from '#common/constants.ts';

export type SnackSeverity = 'success' | 'info' | 'warning' | 'error';
export type Snack = {
  id: number;
  /** i18n key of the message. */
  messageKey: string;
  params?: Record<string, string | number>;
  severity: SnackSeverity;
  timeout: number;
  /** A link beside the message (an in-app path and the i18n key of its label). */
  link?: { to: string; labelKey: string };
};

let nextId = 1;

/** The queue of short notices; the host shows the first and drops it when it closes. */
export const useSnackbarStore = create<{ queue: Snack[]; dismiss: (id: number) => void }>((set) => ({
  queue: [],
  dismiss: (id) => set((s) => ({ queue: s.queue.filter((x) => x.id !== id) })),
}));

/** Shows a notice: `notify('users.settings.saved', 'success')`. Callable from anywhere. */
export function notify(
  messageKey: string,
  severity: SnackSeverity = 'info',
  opts: {
    timeout?: number;
    params?: Record<string, string | number>;
    link?: { to: string; labelKey: string };
  } = {},
) {
  const snack: Snack = {
    id: nextId++,
    messageKey,
    severity,
    timeout: opts.timeout ?? SNACKBAR_TIMEOUT_MS,
    ...(opts.params ? { params: opts.params } : {}),
    ...(opts.link ? { link: opts.link } : {}),
  };
  useSnackbarStore.setState((s) => ({ queue: [...s.queue, snack] }));
  return snack.id;
}
