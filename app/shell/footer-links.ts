/** The legal and service links both footers carry (spec part 1 section 1), grouped for the full footer. */
export const FOOTER_LINKS = [
  { key: 'imprint', to: '/imprint', group: 'legal' },
  { key: 'terms', to: '/terms', group: 'legal' },
  { key: 'privacy', to: '/privacy_policy', group: 'legal' },
  { key: 'youth_protection', to: '/youth_protection', group: 'legal' },
  { key: 'usc2257', to: '/usc2257', group: 'legal' },
  { key: 'content_policy', to: '/content_policy', group: 'legal' },
  { key: 'takedown', to: '/takedown', group: 'legal' },
  { key: 'faq', to: '/faq', group: 'help' },
  { key: 'contact', to: '/contact', group: 'help' },
  { key: 'complaints', to: '/complaints', group: 'help' },
  { key: 'abuse', to: '/abuse', group: 'help' },
  { key: 'refund', to: '/refund', group: 'help' },
  { key: 'models_wanted', to: '/camgirl_werden', group: 'partners' },
  { key: 'webmaster', to: '/webmaster', group: 'partners' },
] as const;

export const FOOTER_GROUPS = ['legal', 'help', 'partners'] as const;

export type FooterVariant = 'full' | 'compact';

/**
 * Full footer on the index, compact elsewhere (show pages included: their chat opens as the
 * `#enter_chat` overlay, no route of its own), none while that chat is open.
 */
export function footerVariant(routeName: string | undefined, hash: string): FooterVariant | null {
  if (hash === '#enter_chat') return null;
  return routeName === 'index' ? 'full' : 'compact';
}
