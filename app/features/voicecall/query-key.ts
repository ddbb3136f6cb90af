/**
 * The cache key of the session's voice call (billing/check_phonecall). Its own module: the socket
 * chunk refreshes it on `user:phonecall` without pulling in the HTTP client.
 */
export const VOICECALL_KEY = ['voicecall'] as const;
