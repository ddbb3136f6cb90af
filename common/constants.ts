/**
 * The spec's business constants (part 1 section 9, part 2 section 9), in one place.
 * Durations are milliseconds unless the name says otherwise.
 */
export const QUICK_SEARCH_MIN_CHARS = 3;
export const QUICK_SEARCH_DEBOUNCE_MS = 500;
export const GEO_MAX_AGE_MS = 600_000;
export const MESSAGE_COUNT_POLL_MS = 60_000;
export const FAVORITES_POLL_MS = 60_000;
export const VOICECALL_POLL_ACTIVE_MS = 10_000;
export const VOICECALL_POLL_AWAITED_MS = 2_500;
export const VERSION_POLL_MS = 30_000;
export const LATEST_CONVERSATIONS_REFETCH_MS = 30_000;
export const UPDATE_NOTICE_DELAY_MS = 10_000;
export const UPDATE_NOTICE_SNOOZE_MS = 5 * 60_000;
export const VOICECALL_HINT_MS = 5_000;
export const VOICECALL_HINT_EXTENDED_MS = 10_000;
export const PAYMENT_WINDOW_CLOSE_AFTER_SUCCESS_MS = 2_000;
export const PAYMENT_WINDOW_WATCH_MS = 100;
export const INCENTIVE_WINDOW_MS = 900_000;
export const INCENTIVE_OVERTIME_MS = 60_000;
export const INCENTIVE_EXPAND_DELAY_MS = 2_000;
/** Marker stored as the incentive timestamp once the visitor has logged in. */
export const INCENTIVE_DISABLED = -1;
/** How long the vouchers of the welcome gift stay usable after they are granted (days). */
export const WELCOME_GIFT_VALID_DAYS = 30;
export const RATING_STARS = 10;
export const RATING_STARS_PHONE = 5;
export const FAVORITE_MINUTE_STEP = 15;
export const STALE_RELOAD_GUARD_MS = 60_000;
export const EURO_SPECIAL_UNTIL = '2024-07-16';
/**
 * The Christmas specials each year (UTC, month 1-12): from the first day, the last day included.
 * The side menu shows its item and /xmas its offers only inside it.
 */
export const XMAS_WINDOW = { from: { month: 12, day: 1 }, to: { month: 12, day: 26 } } as const;
export const CATEGORY_BAR = {
  shown: 3,
  specialId: 20,
  hiddenId: 1,
  searchIds: [1013, 1024, 1051, 1052, 1054, 1062],
} as const;
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;
export const LAYOUT_COOKIE = 'layout';
export const LAYOUT_COOKIE_DAYS = 365;
export const CONSENT_COOKIE = 'analytics_consent';
export const GOOGLE_CONSENT_COOKIE = 'google_login_consent';
export const AUTH_COOKIE_PREFIX = 'auth.';
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}session`;
export const SESSION_DAYS = 2;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/**
 * The function a server-rendered page's first script leaves on `window`: the application calls it
 * once it has taken the page over, for the tap the page held meanwhile (server/render/held-taps.ts).
 */
export const HELD_TAP_GLOBAL = '__livecamHeldTap';
export const FINGERPRINT_MAX_RETRIES = 5;
export const CLIENT_LOG_MAX_ENTRIES = 10;
export const CLIENT_LOG_DEBOUNCE_MS = 5_000;
export const LOG_LEVELS = { ERROR: 1, WARNING: 2, INFO: 3, DEBUG: 4 } as const;
export const SNACKBAR_TIMEOUT_MS = 10_000;
export const COUPON_DEFAULT_EXCHANGE_RATE = 0.1;
export const COUPON_DURATION_SHOWN_DAYS = 14;
export const COPY_CONFIRMATION_MS = 2_000;
export const SEARCH_HISTORY_MAX = 12;
export const DRAWER_WIDTH = 200;
export const SIGNUP_DIALOG_MAX_WIDTH = 640;
export const SUCCESS_DIALOG_MAX_WIDTH = 960;
export const COUNTER_PIXEL_WEBSITE_ID = 19;
export const PREVIEW_SIZES = ['45x34', '320x240'] as const;

export const NICKNAME_MIN = 3;
export const NICKNAME_MAX = 15;
export const NICKNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const RESERVED_NICKNAMES = ['guest'] as const;
export const VOUCHER_MIN_CHARS = 3;
export const VOUCHER_DEBOUNCE_MS = 1_000;
export const MAILCHECK_DEBOUNCE_MS = 250;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const USERNAME_MAX = 32;

export const PAGE_SIZES = {
  shows: 36,
  videos: 48,
  galleries: 48,
  moreLikeThis: 12,
  teaser: 5,
  teaserKept: 4,
  quickSearch: 6,
  unreadConversations: 50,
  latestConversations: 3,
  /** The member's coin orders (/users/profile/orders). */
  orders: 20,
} as const;

export const BREAKPOINTS = { sm: 600, md: 960, lg: 1264 } as const;
export const CONTENT_MAX_WIDTH = 1720;
export const HEADER_HEIGHT = 64;
/** The phone's bottom navigation. */
export const BOTTOM_NAV_HEIGHT = 56;

export const LOCALES = ['en', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
/** The interface's default locale; the server falls back to German when a request names none. */
export const DEFAULT_UI_LOCALE: Locale = 'en';
export const DEFAULT_SERVER_LOCALE: Locale = 'de';

export const THEMES = ['redhot', 'greenhorn', 'black-white', 'blue-valvet', 'greyhound', 'pink-pussy'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'redhot';

/** Pages a session with a splash URL may still open (part 1, route rules). */
export const SPLASH_EXEMPT_ROUTES = ['terms', 'contact', 'privacy_policy', 'faq', 'usc2257', 'refund'] as const;

/** How long a password-reset or activation token stays valid. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const ACTIVATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
export const RESET_MAIL_THROTTLE_SECONDS = 60;
/** How long a mailed unlock link (decision 010) stays valid, and how many an account gets in an hour. */
export const UNLOCK_TOKEN_TTL_MS = 30 * 60_000;
export const UNLOCK_MAILS_PER_HOUR = 5;
/** How long a mailed sign-in link of /token_login (decision 025) stays valid, and how many an account gets in an hour. */
export const TOKEN_LOGIN_TTL_MS = 15 * 60_000;
/** Days a closed account can be reopened by signing in, before its personal data is erased (decision 069). */
export const ACCOUNT_GRACE_DAYS = 14;
export const TOKEN_LOGIN_MAILS_PER_HOUR = 5;

/** Live video (decision 018). The studio polls its live state this often; each poll is her heartbeat. */
export const LIVE_STUDIO_POLL_MS = 2_000;
/** A publication whose studio has not polled for this long is taken off air and the show offline. */
export const LIVE_HEARTBEAT_TIMEOUT_MS = 10_000;
/** A viewer's browser must answer the SFU's offer within this time, or the subscription is dropped. */
export const LIVE_ANSWER_WITHIN_MS = 15_000;
/** A viewer whose connection dropped tries again after these delays (then keeps the last). */
export const LIVE_RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000] as const;

/** The show's text chat (server/features/showchat/). A message's text, trimmed, has 1 to this many characters. */
export const SHOW_CHAT_TEXT_MAX = 300;
/** What a joiner is sent of a show's recent chat. */
export const SHOW_CHAT_BACKLOG = 50;
/** Show chats one socket may have joined at once. */
export const SHOW_CHAT_ROOMS_PER_SOCKET = 3;
/** Messages one chatter (a member, a performer, a guest's address) may send within the window. */
export const SHOW_CHAT_RATE = { max: 5, windowMs: 10_000 } as const;

/** Chat sessions (server/features/chat/). The session types a start accepts (exclusive only as a request). */
export const CHAT_SESSION_TYPES = ['private', 'voyeur', 'free'] as const;
/** A chat client sends a heartbeat this often; a session without one for CHAT_HEARTBEAT_TIMEOUT_SECONDS ends. */
export const CHAT_HEARTBEAT_MS = 10_000;
/**
 * A page that goes away (`pagehide`) tells the server at once; its session waits this long for the
 * page to come back (a reload) before it ends, and bills no minute meanwhile.
 */
export const CHAT_RELOAD_GRACE_MS = 15_000;
/** An external provider's chat is extended this often while it is visible (spec part 2 section 9). */
export const CHAT_EXTERNAL_EXTEND_MS = 10_000;
/** The delay before a guest choosing private chat goes to sign-up (spec part 2 section 4). */
export const CHAT_PRIVATE_GUEST_DELAY_MS = 250;
/** A chat rating's comment holds at most this many characters. */
export const CHAT_RATING_COMMENT_MAX = 500;

/** Messages (server/features/messages/). A message's text, trimmed, has 1 to this many characters. */
export const MESSAGE_BODY_MAX = 2000;
/** Messages of a conversation per page (the newest first; later pages are older and prepended). */
export const MESSAGES_PAGE_SIZE = 30;
/** Conversations per page of the inbox list. */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The orders of the conversation list (spec part 2 sections 5 and 9). */
export const CONVERSATION_ORDERS = ['messagedate', 'lastchatdate', 'online'] as const;
/** The conversation list's name filter applies from this many characters on. */
export const CONVERSATION_NAME_FILTER_MIN = 3;
/** Messages one member (or one performer, or one operator) may send within the window. */
export const MESSAGE_SEND_RATE = { max: 10, windowMs: 60_000 } as const;
/** Coins a performer may ask for a picture she attaches. */
export const MESSAGE_ATTACHMENT_COINS_MAX = 1000;
/** Coins a show may ask per message. */
export const MESSAGE_PRICE_MAX = 500;
/** Conversations per page of the studio inbox, and her pictures per page of the attachment picker. */
export const STUDIO_CONVERSATIONS_PAGE_SIZE = 30;
export const STUDIO_PICTURES_PAGE_SIZE = 48;
/** The studio inbox reads her list again this often while it is open (the socket tells it sooner). */
export const STUDIO_INBOX_POLL_MS = 60_000;

/**
 * A show's content provider: 1 is ours (our studio, our stream); above 1 a partner runs her chat
 * and stream, and she broadcasts in the partner's studio, not in ours.
 */
export const OWN_PROVIDER = 1;
export const isPartnerProvider = (contentproviderId: number) => contentproviderId > OWN_PROVIDER;
