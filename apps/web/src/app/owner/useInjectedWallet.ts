// The first browser wallet the page can reach: announced through EIP-6963, else the legacy window.ethereum.
import { useEffect, useState } from 'react';
import type { EIP1193Provider } from 'viem';

export interface InjectedWallet {
  name: string;
  provider: EIP1193Provider;
}

interface AnnounceDetail {
  info: { uuid: string; name: string };
  provider: EIP1193Provider;
}

export function useInjectedWallet(): InjectedWallet | null {
  const [wallet, setWallet] = useState<InjectedWallet | null>(null);
  useEffect(() => {
    const onAnnounce = (e: Event) => {
      const { info, provider } = (e as CustomEvent<AnnounceDetail>).detail;
      setWallet((w) => w ?? { name: info.name, provider });
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const legacy = setTimeout(() => {
      const eth = (window as { ethereum?: EIP1193Provider }).ethereum;
      setWallet((w) => w ?? (eth ? { name: 'Browser wallet', provider: eth } : null));
    }, 300);
    return () => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      clearTimeout(legacy);
    };
  }, []);
  return wallet;
}
