import type { ChatSessionState, PrivateMode } from './api/chat.ts';
import type {
  ShowChatJoinAnswer,
  ShowChatMessage,
  ShowChatModerationAnswer,
  ShowChatModerationListAnswer,
  ShowChatMute,
  ShowChatPerson,
  ShowChatRemoved,
  ShowChatRoom,
  ShowChatSend,
  ShowChatSendAnswer,
  ShowChatUnban,
} from './api/showchat.ts';
import type { ConsoleTopic } from './domain/console-policy.ts';

/**
 * The real-time events of the spec (part 1 "Real-time socket events received"), typed for the
 * Socket.IO server and client alike.
 */
export type ShowUpdate = {
  online?: boolean;
  /** The performer paused her live stream: viewers see the pause screen, nothing of her video. */
  paused?: boolean;
  /** Her stream was published again (her media server was lost, her studio reloaded): watch again now. */
  restarted?: boolean;
  /** The show offers its free chat (flags.free): everyone may watch it. */
  free?: boolean;
  /** A tile's flags as a whole, after the performer changed free or exclusive chat in her studio. */
  flags?: { free: boolean; exclusive: number };
  /** Her new prices (coins per minute; the exclusive factor in percent). */
  pricePerMinute?: number;
  priceFactorExclusive?: number;
  /** A private (voyeurs may watch) or an exclusive (nobody else) runs now; null when it ended. */
  privateMode?: PrivateMode | null;
  phoneChatOn?: boolean;
  phoneChatConnecting?: boolean;
  phoneChatBusy?: boolean;
};

/** What the member hears of a new message: enough to name it, the rest is fetched. */
export type NewMessageNotice = { conversationid: number; showid: string | null; showname: string };

/** A favorite of the member came online inside her notification window: enough to name and link her. */
export type FavoriteOnlineNotice = { show: { universalId: string; showName: string; slugName: string } };

export interface ServerToClientEvents {
  /** The member's new coin balance. */
  'user:coins': (payload: { coins: number }) => void;
  /** The session ended on the server (logout elsewhere, cancellation, password change). */
  'user:logout': () => void;
  /** The age check changed: refetch the user. */
  'user:avs': () => void;
  /** Refresh the message count. */
  'user:mc': () => void;
  /** A new message reached the member (the messages pop-up may open); the count follows as user:mc. */
  'user:message': (payload: NewMessageNotice) => void;
  /** A favorite came online inside the member's notification window (a notice with a link to her show). */
  'user:favorite_online': (payload: FavoriteOnlineNotice) => void;
  /** The performer's studio: a member wrote to her show (refresh the studio inbox). */
  'studio:message': (payload: { conversationid: number }) => void;
  /** To operators' consoles: what changed, by topic (common/domain/console-policy.ts). */
  'console:changed': (payload: { topics: ConsoleTopic[] }) => void;
  /** The member's voice call changed (connected, a minute billed, ended): read its state again. */
  'user:phonecall': () => void;
  /** Shows to update, keyed by universal id, including online states. */
  'show:bulkupdate': (payload: Record<string, ShowUpdate>) => void;
  /** The member's chat session changed: a minute billed, coins running low, ended (and why). */
  'chat:session': (session: ChatSessionState) => void;
  /** A message in the text chat of a show whose room the socket joined (common/api/showchat.ts). */
  'chat:message': (message: ShowChatMessage) => void;
  /** The performer kicked or banned this person from her show's chat: the socket is out of its room. */
  'chat:removed': (payload: ShowChatRemoved) => void;
}

/** What a client sends: the show's text chat (common/api/showchat.ts); the server parses every payload. */
export interface ClientToServerEvents {
  /** Joins the show's chat (anyone, for a show that exists): the answer carries the recent messages. */
  'chat:join': (payload: ShowChatRoom, ack: (answer: ShowChatJoinAnswer) => void) => void;
  'chat:leave': (payload: ShowChatRoom) => void;
  /** Writes in a joined show's chat, as the answer says who may (members, guests in a free show, the performer). */
  'chat:send': (payload: ShowChatSend, ack: (answer: ShowChatSendAnswer) => void) => void;
  /** The performer's moderation of her own show's chat (her studio's socket only; common/api/showchat.ts). */
  'chat:mute': (payload: ShowChatMute, ack: (answer: ShowChatModerationAnswer) => void) => void;
  'chat:kick': (payload: ShowChatPerson, ack: (answer: ShowChatModerationAnswer) => void) => void;
  'chat:ban': (payload: ShowChatPerson, ack: (answer: ShowChatModerationAnswer) => void) => void;
  'chat:unban': (payload: ShowChatUnban, ack: (answer: ShowChatModerationAnswer) => void) => void;
  'chat:moderation': (payload: ShowChatRoom, ack: (answer: ShowChatModerationListAnswer) => void) => void;
}

export type ServerEvent = keyof ServerToClientEvents;
export type ServerEventArgs<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>;
