/** The Socket.IO room of a show's chat: its sockets hear its messages. */
export const showChatRoomName = (universalId: string) => `showchat:${universalId}`;
