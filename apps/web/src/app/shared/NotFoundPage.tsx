export function NotFoundPage() {
  return (
    <section className="card">
      <h1>Page not found</h1>
      <p>Check the link you were given.</p>
    </section>
  );
}
