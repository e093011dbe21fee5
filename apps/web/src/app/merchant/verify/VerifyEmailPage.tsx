// {DASHBOARD_URL}/verify-email?token=…: confirms the emailed link once and says what happened. The token is sent
// once, in a POST body, and never shown or logged.
import { useEffect, useRef, useState } from 'react';
import { LocaleSwitcher, useDocumentTitle, useI18n } from '../../shared/i18n/i18n.tsx';
import { api, ApiError } from '../../shared/api.ts';
import { useAddressToken } from '../../shared/useAddressToken.ts';

type Outcome =
  | { kind: 'working' }
  | { kind: 'done'; email: string; purpose: 'verify' | 'change' }
  | { kind: 'expired' }
  | { kind: 'used'; message: string | undefined }
  | { kind: 'failed'; message: string | undefined };

export default function VerifyEmailPage() {
  const token = useAddressToken();
  const { t, tx } = useI18n();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // StrictMode runs effects twice; a link is single use.
    sent.current = true;
    if (!token || token.length < 20) {
      setOutcome({ kind: 'used', message: undefined });
      return;
    }
    api.confirmEmail(token).then(
      (r) => setOutcome({ kind: 'done', email: r.email, purpose: r.purpose }),
      (err) => {
        if (err instanceof ApiError && err.code === 'EMAIL_TOKEN_EXPIRED') setOutcome({ kind: 'expired' });
        else if (err instanceof ApiError && (err.code === 'EMAIL_TOKEN_INVALID' || err.code === 'EMAIL_IN_USE'))
          setOutcome({ kind: 'used', message: err.message });
        else setOutcome({ kind: 'failed', message: err instanceof Error ? err.message : undefined });
      },
    );
  }, [token]);

  const title = {
    working: t('verify.working'),
    done: t('verify.done.title'),
    expired: t('verify.expired.title'),
    used: t('verify.used.title'),
    failed: t('verify.failed.title'),
  }[outcome.kind];
  useDocumentTitle(t('app.docTitle', { page: title, merchant: t('verify.title') }));

  // The API's own message (English) is shown as it is; everything else is in the reader's language.
  return (
    <section className="card" aria-live="polite" data-testid="verify-outcome" data-outcome={outcome.kind}>
      <div className="page-header page-header-end">
        <LocaleSwitcher />
      </div>
      <h1>{title}</h1>
      {outcome.kind === 'done' ? (
        <p>
          {tx(outcome.purpose === 'change' ? 'verify.done.change' : 'verify.done.verify', {
            email: <strong>{outcome.email}</strong>,
          })}
        </p>
      ) : null}
      {outcome.kind === 'expired' ? <p>{t('verify.expired.body')}</p> : null}
      {outcome.kind === 'used' ? <p>{outcome.message ?? t('verify.incomplete')}</p> : null}
      {outcome.kind === 'failed' ? <p role="alert">{outcome.message ?? t('app.error')}</p> : null}
    </section>
  );
}
