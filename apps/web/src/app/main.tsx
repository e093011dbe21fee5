// One shell for every page; the path picks the page, and each page is its own chunk so a customer paying loads
// only the checkout.
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { I18nProvider } from './shared/i18n/i18n.tsx';
import { NotFoundPage } from './shared/NotFoundPage.tsx';

const CheckoutPage = lazy(() => import('./customer/checkout/CheckoutPage.tsx'));
const PaymentLinkPage = lazy(() => import('./customer/link/PaymentLinkPage.tsx'));
const InvoicePage = lazy(() => import('./customer/invoice/InvoicePage.tsx'));
const VerifyEmailPage = lazy(() => import('./merchant/verify/VerifyEmailPage.tsx'));
const ResetPasswordPage = lazy(() => import('./merchant/reset/ResetPasswordPage.tsx'));
const AcceptInvitationPage = lazy(() => import('./merchant/accept/AcceptInvitationPage.tsx'));
const OwnerDashboardPage = lazy(() => import('./owner/OwnerDashboardPage.tsx'));
const DashboardPage = lazy(() => import('./merchant/dashboard/DashboardPage.tsx'));
const ConsolePage = lazy(() => import('./operator/ConsolePage.tsx'));

function pageFor(path: string): ReactNode {
  const m = /^\/(checkout|pay|invoice)\/([^/]+)$/.exec(path);
  if (m) {
    const id = decodeURIComponent(m[2]!);
    // The customer pages speak the reader's language (shared/i18n/); the merchant's pages are English.
    if (m[1] === 'checkout')
      return (
        <I18nProvider>
          <CheckoutPage intentId={id} />
        </I18nProvider>
      );
    if (m[1] === 'pay')
      return (
        <I18nProvider>
          <PaymentLinkPage linkId={id} />
        </I18nProvider>
      );
    return (
      <I18nProvider>
        <InvoicePage invoiceId={id} />
      </I18nProvider>
    );
  }
  if (path === '/verify-email')
    return (
      <I18nProvider>
        <VerifyEmailPage />
      </I18nProvider>
    );
  if (path === '/reset-password') return <ResetPasswordPage />;
  if (path === '/accept-invitation') return <AcceptInvitationPage />;
  if (path === '/owner/') return <OwnerDashboardPage />;
  if (path === '/admin/') return <ConsolePage />;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return <DashboardPage />;
  return <NotFoundPage />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="page">
      <Suspense fallback={<p className="muted">Loading…</p>}>{pageFor(location.pathname)}</Suspense>
    </main>
  </StrictMode>,
);
