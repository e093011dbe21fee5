import { useI18n } from './i18n/i18n.tsx';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="card">
      <h1>{t('app.notFound.title')}</h1>
      <p>{t('app.notFound.body')}</p>
    </section>
  );
}
