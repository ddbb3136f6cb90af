/** The Socket.IO room of a show's chat: its sockets hear its messages. */
export const showChatRoomName = (universalId: string) => `showchat:${universalId}`;

/** Every socket of the show's performer (her studio's): she hears her private chats there. */
export const performerShowRoom = (universalId: string) => `performer-show:${universalId}`;
