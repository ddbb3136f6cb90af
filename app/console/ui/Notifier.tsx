import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

type Note = { id: number; text: string; severity: 'success' | 'info' | 'error' };
type Notify = (text: string, severity?: Note['severity']) => void;
const NotifyContext = createContext<Notify>(() => {});

/**
 * The console's one line of feedback after an action ("Blocked", "The server cannot be reached"),
 * announced to screen readers (an alert for errors, a status otherwise).
 */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [note, setNote] = useState<Note | null>(null);
  const notify = useCallback<Notify>((text, severity = 'success') => {
    setNote((prev) => ({ id: (prev?.id ?? 0) + 1, text, severity }));
  }, []);
  const close = useCallback(() => setNote(null), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext value={value}>
      {children}
      <Snackbar
        key={note?.id}
        open={note !== null}
        autoHideDuration={note?.severity === 'error' ? null : 5000}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {note ? (
          <Alert
            severity={note.severity}
            variant="filled"
            onClose={close}
            role={note.severity === 'error' ? 'alert' : 'status'}
          >
            {note.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </NotifyContext>
  );
}

export const useNotify = () => useContext(NotifyContext);
