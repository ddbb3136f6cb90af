/**
 * The real-time events of the spec (part 1 "Real-time socket events received"), typed for the
 * Socket.IO server and client alike.
 */
export type ShowUpdate = {
  online?: boolean;
  /** The performer paused her live stream: viewers see the pause screen, nothing of her video. */
  paused?: boolean;
  /** The show offers its free chat (flags.free): everyone may watch it. */
  free?: boolean;
  /** A tile's flags as a whole, after the performer changed free or exclusive chat in her studio. */
  flags?: { free: boolean; exclusive: number };
  /** Her new prices (coins per minute; the exclusive factor in percent). */
  pricePerMinute?: number;
  priceFactorExclusive?: number;
  phoneChatOn?: boolean;
  phoneChatConnecting?: boolean;
  phoneChatBusy?: boolean;
};

export interface ServerToClientEvents {
  /** The member's new coin balance. */
  'user:coins': (payload: { coins: number }) => void;
  /** The session ended on the server (logout elsewhere, cancellation, password change). */
  'user:logout': () => void;
  /** The age check changed: refetch the user. */
  'user:avs': () => void;
  /** Refresh the message count. */
  'user:mc': () => void;
  /** The member's voice call changed (connected, a minute billed, ended): read its state again. */
  'user:phonecall': () => void;
  /** Shows to update, keyed by universal id, including online states. */
  'show:bulkupdate': (payload: Record<string, ShowUpdate>) => void;
}

// biome-ignore lint/complexity/noBannedTypes: the client sends no events yet; the map grows with chat
export type ClientToServerEvents = {};

export type ServerEvent = keyof ServerToClientEvents;
export type ServerEventArgs<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>;
