// Browser wallets the page can reach: those announced through EIP-6963 (several may be installed), else the legacy
// window.ethereum. The checkout lets the customer pick one; the owner sign-in and the dashboard's vault and refund
// panels take the first.
import { useEffect, useState } from 'react';
import type { EIP1193Provider } from 'viem';

export interface InjectedWallet {
  id: string;
  name: string;
  /** The wallet's own icon, only as a data: image URL (never fetched from elsewhere). */
  icon: string | undefined;
  provider: EIP1193Provider;
}

interface AnnounceDetail {
  info: { uuid: string; name: string; icon?: string; rdns?: string };
  provider: EIP1193Provider;
}

declare global {
  interface WindowEventMap {
    'eip6963:announceProvider': CustomEvent<AnnounceDetail>;
  }
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

/**
 * Every wallet announced, in announcement order; window.ethereum (named `legacyName`) when none announced itself
 * within 300 ms. Undefined while still looking.
 */
export function useInjectedWallets(legacyName: string): InjectedWallet[] | undefined {
  const [wallets, setWallets] = useState<InjectedWallet[]>();
  useEffect(() => {
    const onAnnounce = (e: CustomEvent<AnnounceDetail>) => {
      const { info, provider } = e.detail;
      setWallets((ws = []) =>
        ws.some((w) => w.id === info.uuid)
          ? ws
          : [
              ...ws,
              {
                id: info.uuid,
                name: info.name,
                icon: info.icon?.startsWith('data:image/') ? info.icon : undefined,
                provider,
              },
            ],
      );
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const legacy = setTimeout(() => {
      setWallets((ws = []) =>
        ws.length === 0 && window.ethereum
          ? [{ id: 'injected', name: legacyName, icon: undefined, provider: window.ethereum }]
          : ws,
      );
    }, 300);
    return () => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      clearTimeout(legacy);
    };
  }, [legacyName]);
  return wallets;
}

/** The first wallet the page can reach, or null (also while still looking). */
export function useInjectedWallet(): InjectedWallet | null {
  return useInjectedWallets('Browser wallet')?.[0] ?? null;
}
