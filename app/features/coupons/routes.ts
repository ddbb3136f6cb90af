import type { RouteObject } from 'react-router';
import { page } from '#app/lazy-page.ts';

/** /users/signup/coupon/:code?: the sign-up page with the voucher code filled in. */
export const couponRoutes: RouteObject[] = [
  {
    path: 'users/signup/coupon/:code?',
    handle: { name: 'users-signup-coupon' },
    lazy: page(() => import('#app/features/auth/SignupPage.tsx'), 'SignupPage'),
  },
];

/** Children of /users/profile: the member's coupons. */
export const couponProfileRoutes: RouteObject[] = [
  {
    path: 'coupons',
    handle: { name: 'users-profile-coupons' },
    lazy: page(() => import('./CouponsPage.tsx'), 'CouponsPage'),
  },
];
