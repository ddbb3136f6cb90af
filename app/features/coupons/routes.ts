import type { RouteObject } from 'react-router';

/** /users/signup/coupon/:code? and /users/free_coins. */
export const couponRoutes: RouteObject[] = [];

/** Children of /users/profile: the member's coupons. */
export const couponProfileRoutes: RouteObject[] = [];
