// The merchant's support contact (PATCH /v1/account), where a customer page tells the customer to contact the
// merchant. Shows nothing when the merchant gave none. The URL is the merchant's: http(s) only, opened in a new tab.
import { useI18n } from './i18n/i18n.tsx';
import { safeHttpUrl } from './safeUrl.ts';

export interface SupportContactInfo {
  business_name: string;
  support_email: string | null;
  support_url: string | null;
}

export function SupportContact({ of }: { of: SupportContactInfo }) {
  const { t } = useI18n();
  const url = safeHttpUrl(of.support_url);
  if (!of.support_email && !url) return null;
  return (
    <p className="support-contact muted" data-testid="support-contact">
      {t('support.contact', { merchant: of.business_name })}{' '}
      {of.support_email ? <a href={`mailto:${of.support_email}`}>{of.support_email}</a> : null}
      {of.support_email && url ? ' · ' : null}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('support.website')}
        </a>
      ) : null}
    </p>
  );
}
