import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { removeCookie } from '#app/cookies.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) removeCookie(name);
  }
});
