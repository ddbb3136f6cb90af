type Navigate = (to: string) => void;

let current: Navigate | null = null;

/**
 * Lets code outside React (the query cache's global error rules) navigate through the router. The
 * shell registers the router's navigate on mount; before that, the browser navigates.
 */
export function registerNavigate(fn: Navigate | null) {
  current = fn;
}

export function navigateTo(to: string) {
  if (current) current(to);
  else window.location.assign(to);
}
