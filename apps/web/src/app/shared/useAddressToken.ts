// The single-use token of an emailed link (`?token=…` on /verify-email, /reset-password, /accept-invitation): read
// once from the address bar, then removed from it and from history, so it is never left on screen, bookmarked, sent
// as a Referer or read back by a later render. The token then lives only in the page's state.
import { useEffect, useState } from 'react';

/** The `token` query parameter as the page was opened with it (null without one); the address bar loses it at once. */
export function useAddressToken(): string | null {
  const [token] = useState(() => new URLSearchParams(location.search).get('token'));
  useEffect(() => {
    if (new URLSearchParams(location.search).has('token')) history.replaceState(null, '', location.pathname);
  }, []);
  return token;
}
