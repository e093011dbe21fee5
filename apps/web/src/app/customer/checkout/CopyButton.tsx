import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.tsx';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="secondary" onClick={copy} aria-label={label}>
      {copied ? t('checkout.copied') : t('checkout.copy')}
    </button>
  );
}
