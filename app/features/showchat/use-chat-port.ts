import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { sharedSocket } from '#app/platform/shared-socket.ts';
import { type ChatPort, chatPort } from './chat-port.ts';

/** Who the chat speaks for: a viewer over the shell's socket, or the performer over her own. */
export type ChatAudience = 'viewer' | 'performer';

/** Replaces the sockets (tests); null: the real ones. */
export const ChatPortOverride = createContext<ChatPort | null>(null);

/** The shell's socket as the chat uses it, once one is open (a visitor's opens when the browser is idle). */
function useViewerPort(enabled: boolean): ChatPort | null {
  const socket = useSyncExternalStore(sharedSocket.subscribe, sharedSocket.get, () => null);
  return useMemo(() => (enabled && socket ? chatPort(socket) : null), [enabled, socket]);
}

/** The performer's own socket (auth as performer), open while the chat is mounted; its code loads on demand. */
function usePerformerPort(enabled: boolean): ChatPort | null {
  const [port, setPort] = useState<ChatPort | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let close: (() => void) | null = null;
    let ended = false;
    import('./performer-socket.ts')
      .then(({ openPerformerSocket }) => {
        if (ended) return;
        const socket = openPerformerSocket();
        close = () => socket.disconnect();
        setPort(chatPort(socket));
      })
      // Its code could not load (offline, a new deploy): the chat stays "connecting".
      .catch(() => undefined);
    return () => {
      ended = true;
      close?.();
      setPort(null);
    };
  }, [enabled]);
  return port;
}

/** The socket the show chat talks over, or null while there is none yet. */
export function useChatPort(as: ChatAudience): ChatPort | null {
  const override = useContext(ChatPortOverride);
  const viewer = useViewerPort(override === null && as === 'viewer');
  const performer = usePerformerPort(override === null && as === 'performer');
  return override ?? (as === 'performer' ? performer : viewer);
}
