import { ApiError } from './api.ts';

/** An API failure in the API's own words. */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  const message = error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong';
  return (
    <section className="card" role="alert">
      <h1>{title ?? 'Something went wrong'}</h1>
      <p>{message}</p>
    </section>
  );
}
