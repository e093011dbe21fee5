import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { PublicNetwork } from '../../shared/api.ts';

export function NetworkChoice({
  networks,
  selected,
  onSelect,
}: {
  networks: PublicNetwork[];
  selected: string | undefined;
  onSelect: (network: string) => void;
}) {
  const { t } = useI18n();
  if (networks.length <= 1) return null;
  return (
    <fieldset className="choice">
      <legend>{t('checkout.network')}</legend>
      {networks.map((n) => (
        <label key={n.network} className={n.network === selected ? 'option selected' : 'option'}>
          <input
            type="radio"
            name="network"
            value={n.network}
            checked={n.network === selected}
            onChange={() => onSelect(n.network)}
          />
          {n.name}
        </label>
      ))}
    </fieldset>
  );
}
