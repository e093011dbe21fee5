import { useI18n } from './i18n/i18n.tsx';
import { ApiError } from './api.ts';

/** An API failure in the API's own words (the API speaks English; the title is in the reader's language). */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const { t } = useI18n();
  const message = error instanceof ApiError || error instanceof Error ? error.message : t('app.error');
  return (
    <section className="card" role="alert">
      <h1>{title ?? t('app.error')}</h1>
      <p>{message}</p>
    </section>
  );
}
