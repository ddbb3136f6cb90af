/** Hashes that open a dialog of the shell. */
export const HASH = {
  signIn: '#sign-in',
  signInSuccess: '#sign-in-success',
  nicknames: '#nicknames',
  enterChat: '#enter_chat',
  openConversation: '#open-conversation',
} as const;

/** Escape clears the hash, except the persistent sign-up success and while the chat is open. */
export const escapeClearsHash = (hash: string) =>
  hash !== '' && hash !== '#' && hash !== HASH.signInSuccess && hash !== HASH.enterChat;
