import { LocaleSwitcher, useI18n } from './i18n/i18n.tsx';

/** The top of every customer page: who is asking, whether it is a test, and the language. */
export function PageHeader({ merchant, livemode }: { merchant: string; livemode: boolean }) {
  const { t } = useI18n();
  return (
    <div className="page-header">
      <p className="merchant" id="merchant">
        {merchant}
        {livemode ? null : (
          <span className="badge test-badge" data-testid="test-mode">
            {t('app.testMode')}
          </span>
        )}
      </p>
      <LocaleSwitcher />
    </div>
  );
}
