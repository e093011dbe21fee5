// Client-side routes under /dashboard/: the gateway serves the same shell for every /dashboard/* path, the path
// picks the page, and links move with history.pushState so the back button works.
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

export const DASHBOARD_BASE = '/dashboard/';

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  history.pushState(null, '', to);
  for (const l of listeners) l();
}

/** The current path below /dashboard/ ("" for home, "payments/pi_…") and its query. */
export function useRoute(): { path: string; search: URLSearchParams } {
  const read = () => ({
    path: location.pathname.startsWith(DASHBOARD_BASE) ? location.pathname.slice(DASHBOARD_BASE.length) : '',
    search: new URLSearchParams(location.search),
  });
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}

export function Link({ to, children, current }: { to: string; children: ReactNode; current?: boolean }) {
  const href = `${DASHBOARD_BASE}${to}`;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
