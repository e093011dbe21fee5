// One shell for every page; the path picks the page, and each page is its own chunk so a customer paying loads
// only the checkout.
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { NotFoundPage } from './shared/NotFoundPage.tsx';

const CheckoutPage = lazy(() => import('./checkout/CheckoutPage.tsx'));
const PaymentLinkPage = lazy(() => import('./link/PaymentLinkPage.tsx'));
const InvoicePage = lazy(() => import('./invoice/InvoicePage.tsx'));
const VerifyEmailPage = lazy(() => import('./verify/VerifyEmailPage.tsx'));
const OwnerDashboardPage = lazy(() => import('./owner/OwnerDashboardPage.tsx'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage.tsx'));

function pageFor(path: string, search: URLSearchParams): ReactNode {
  const m = /^\/(checkout|pay|invoice)\/([^/]+)$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[2]!);
    if (m[1] === 'checkout') return <CheckoutPage intentId={id} />;
    if (m[1] === 'pay') return <PaymentLinkPage linkId={id} />;
    return <InvoicePage invoiceId={id} />;
  }
  if (path === '/verify-email') return <VerifyEmailPage token={search.get('token')} />;
  if (path === '/owner/') return <OwnerDashboardPage />;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return <DashboardPage />;
  return <NotFoundPage />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="page">
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {pageFor(location.pathname, new URLSearchParams(location.search))}
      </Suspense>
    </main>
  </StrictMode>,
);
