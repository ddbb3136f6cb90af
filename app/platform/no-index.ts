import { useEffect } from 'react';

/**
 * Asks search engines not to index the page while it is shown: for pages drawn in the browser
 * that a link with a secret opens (the server sends them as the plain application, without a head of their own).
 */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
