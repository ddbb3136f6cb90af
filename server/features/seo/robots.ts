/**
 * robots.txt: crawlers may read the public catalogue (index, show pages with their videos and
 * galleries, the video and gallery pages, category lists, the promo, FAQ and legal pages, the
 * bundle under /assets/ they need to render them, and the public pictures under /media/) and
 * nothing that belongs to a member, a performer or an operator. Each rule says why (routes of
 * app/routes.tsx, app/features/<feature>/routes.ts and the server's own pages).
 *
 * Hash routes need no rule: the show chat (`#enter_chat`) and the dialogs (`#sign-in`,
 * `#open-conversation`, `#nicknames`, `#favorites`) are fragments of public pages, which never reach
 * the server and which crawlers drop; the chat's own calls are under /api/.
 */
export const DISALLOWED: readonly { path: string; why: string }[] = [
  {
    path: '/users/',
    why: "the member's account (profile, settings, coupons, favourites, chat history, archive, free coins, cancel) and the account flows (sign-up, reset, activate, unlock, e-mail confirmation) with their one-time links",
  },
  { path: '/login', why: 'the sign-in form' },
  { path: '/sessions/new', why: 'the sign-in form under its other name' },
  { path: '/logout', why: 'ends the session of whoever opens it' },
  { path: '/verify', why: 'asks a signed-in member to confirm the e-mail address' },
  { path: '/token_login', why: 'one-time sign-in links from mails' },
  { path: '/billing', why: 'buying coins, the payment window and its return page (members)' },
  { path: '/bill', why: "the billing page's short name" },
  { path: '/avs', why: "the age check, with the provider's window (members)" },
  { path: '/messages', why: "members' private conversations with performers and support" },
  { path: '/search', why: 'search results: endless combinations of words; what they find is in the sitemap' },
  { path: '/~search', why: 'the same search results under their alias' },
  { path: '/studio', why: "the performers' studio: sign-in, sign-up, onboarding, content, payouts" },
  { path: '/admin', why: "the operators' console" },
  { path: '/notices/', why: "a notifier's complaint page, reached by the link in her mail" },
  { path: '/api/', why: "the API: the SPA's data, members' calls, the chat, the providers' callbacks" },
  { path: '/dev/', why: 'the mail and SMS outboxes outside production' },
  { path: '/sandbox/', why: "the sandbox providers' pages (payment, phone, age and ID checks)" },
];

/**
 * The robots.txt text: the rules above and where the sitemap is. A staging system (production
 * with sandbox providers) asks crawlers to stay away altogether: its pages must not compete with
 * the real site's.
 */
export function presentRobots(origin: string, staging: boolean): string {
  const rules = staging ? ['Disallow: /'] : ['Allow: /', ...DISALLOWED.map((rule) => `Disallow: ${rule.path}`)];
  const sitemap = staging ? [] : ['', `Sitemap: ${origin}/sitemap.xml`];
  return [`User-agent: *`, ...rules, ...sitemap, ''].join('\n');
}
