import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountClosingRoutes } from './features/account-closing/routes.ts';
import { accountRoutes } from './features/accounts/routes.ts';
import { auditRoutes } from './features/admin/audit/routes.ts';
import { consolePage } from './features/admin/console-page.ts';
import { contentConsoleRoutes } from './features/admin/content/routes.ts';
import { noticesConsoleApi } from './features/admin/notices/routes.ts';
import { operatorsRoutes } from './features/admin/operators/routes.ts';
import { payoutConsoleRoutes } from './features/admin/payouts/routes.ts';
import { referralConsoleRoutes } from './features/admin/referrals/routes.ts';
import { reviewConsoleRoutes } from './features/admin/review/routes.ts';
import { consoleSessionRoutes } from './features/admin/session-routes.ts';
import { supportConsoleRoutes } from './features/admin/support/routes.ts';
import { archiveRoutes } from './features/archive/routes.ts';
import { passkeyRoutes } from './features/auth/passkeys/routes.ts';
import { passkeySignInRoutes } from './features/auth/passkeys/sign-in-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { secondFactorSettingsRoutes } from './features/auth/second-factor/settings-routes.ts';
import { secondFactorSignInRoutes } from './features/auth/second-factor/sign-in-routes.ts';
import { tokenLoginRoutes } from './features/auth/token-login-routes.ts';
import { avsRoutes } from './features/avs/routes.ts';
import { orderRoutes } from './features/billing/order-routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { chatExternalRoutes } from './features/chat-external/routes.ts';
import { partnerChatSandboxPages } from './features/chat-external/sandbox-pages.ts';
import { contentRoutes } from './features/content/routes.ts';
import { contentTextRoutes } from './features/content/texts-routes.ts';
import { couponRoutes } from './features/coupons/routes.ts';
import { dataExportRoutes } from './features/data-export/routes.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { freeCoinsRoutes } from './features/free-coins/routes.ts';
import { galleryRoutes } from './features/galleries/routes.ts';
import { gameRoutes } from './features/game/routes.ts';
import { historyRoutes } from './features/history/routes.ts';
import { liveRoutes } from './features/live/routes.ts';
import { mailboxRoutes } from './features/mail/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { membersApiRoutes } from './features/members-console/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { studioMessageRoutes } from './features/messages/studio-routes.ts';
import { messageUnlockRoutes } from './features/messages/unlock-routes.ts';
import { nicknameRoutes } from './features/nicknames/routes.ts';
import { notifierComplaintRoutes } from './features/notices/complaint-routes.ts';
import { studioNoticeRoutes } from './features/notices/studio-routes.ts';
import { onboardingConsoleRoutes } from './features/onboarding/console-routes.ts';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { studioPayoutRoutes } from './features/payouts/studio-routes.ts';
import { phoneChatSandboxPages } from './features/phonechat/routes.ts';
import { phoneChatLineRoutes } from './features/phonechat/twilio-routes.ts';
import { pixelRoutes } from './features/pixel/routes.ts';
import { signedMediaRoutes } from './features/purchases/media-routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { referralRoutes } from './features/referrals/routes.ts';
import { studioReferralRoutes } from './features/referrals/studio-routes.ts';
import { studioSandboxPages } from './features/sandbox-studio/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { seoRoutes } from './features/seo/routes.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { showRoutes } from './features/shows/routes.ts';
import { studioRoutes } from './features/studio/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { studioContentRoutes } from './features/uploads/content-routes.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { videoRoutes } from './features/videos/routes.ts';
import { voicecallRoutes } from './features/voicecall/routes.ts';
import { phoneSandboxPages } from './features/voicecall/sandbox-pages.ts';
import { sandboxPageKit } from './http/sandbox-page-kit.ts';
import { type PageRendering, registerSpa } from './http/spa.ts';
import { avsSandboxPages } from './providers/avs/sandbox-pages.ts';
import { captchaSandboxPages } from './providers/captcha/sandbox-pages.ts';
import { idCheckSandboxPages } from './providers/idcheck/sandbox-pages.ts';
import { paymentSandboxPages } from './providers/payment/sandbox-pages.ts';
import { smsSandboxPages } from './providers/sms/sandbox-pages.ts';

type RouteGroup = FastifyPluginAsyncZod;

/** The API's route groups, under /api (each an encapsulated plugin: its hooks stay its own). */
const apiRoutes: RouteGroup[] = [
  systemRoutes,
  sessionRoutes,
  authRoutes,
  tokenLoginRoutes,
  passkeySignInRoutes,
  passkeyRoutes,
  secondFactorSignInRoutes,
  secondFactorSettingsRoutes,
  accountRoutes,
  accountClosingRoutes,
  nicknameRoutes,
  dataExportRoutes,
  contentRoutes,
  contentTextRoutes,
  billingRoutes,
  orderRoutes,
  voicecallRoutes,
  phoneChatLineRoutes,
  avsRoutes,
  couponRoutes,
  freeCoinsRoutes,
  gameRoutes,
  showRoutes,
  historyRoutes,
  videoRoutes,
  galleryRoutes,
  archiveRoutes,
  searchRoutes,
  favoriteRoutes,
  pushRoutes,
  messageRoutes,
  messageUnlockRoutes,
  studioMessageRoutes,
  studioRoutes,
  onboardingRoutes,
  studioPayoutRoutes,
  studioReferralRoutes,
  studioNoticeRoutes,
  notifierComplaintRoutes,
  uploadRoutes,
  studioContentRoutes,
  liveRoutes,
  chatRoutes,
  chatExternalRoutes,
  referralRoutes,
  pixelRoutes,
  consoleSessionRoutes,
  membersApiRoutes,
  reviewConsoleRoutes,
  supportConsoleRoutes,
  contentConsoleRoutes,
  payoutConsoleRoutes,
  referralConsoleRoutes,
  onboardingConsoleRoutes,
  noticesConsoleApi,
  operatorsRoutes,
  auditRoutes,
];

/**
 * The sandbox providers' own pages: never in production, unless it is a declared staging system
 * (then behind its password); each decides from the configuration whether its provider is in use.
 */
const sandboxPages: RouteGroup[] = [
  sandboxPageKit,
  paymentSandboxPages,
  phoneSandboxPages,
  phoneChatSandboxPages,
  avsSandboxPages,
  idCheckSandboxPages,
  smsSandboxPages,
  studioSandboxPages,
  partnerChatSandboxPages,
  captchaSandboxPages,
];

/** The operators' console's page, and media files. */
const consoleAndMedia: RouteGroup[] = [consolePage, mediaRoutes, signedMediaRoutes];

/**
 * Every route group, loaded in this order once this plugin has run (not awaited here: each
 * group has its own start time limit, as a plugin registered on the app).
 */
export const routesPlugin = fp(
  async (app) => {
    const { config } = app.ctx;
    for (const routes of apiRoutes) app.register(routes, { prefix: '/api' });
    if (config.sandboxPages) for (const pages of sandboxPages) app.register(pages);
    for (const routes of consoleAndMedia) app.register(routes);
    if (config.devMailbox) app.register(mailboxRoutes);
    app.register(seoRoutes);
  },
  { name: 'routes', dependencies: ['http'] },
);

/** The SPA (server-rendered public pages, the built files) answers the GETs no route group took. */
export const spaPlugin = fp<{ pages?: PageRendering | undefined }>(
  async (app, opts) => {
    await registerSpa(app, opts.pages);
  },
  { name: 'spa', dependencies: ['routes'] },
);
