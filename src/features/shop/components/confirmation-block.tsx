/**
 * The shopConfirmation block: where the payment gateway returns. It hands the signed
 * result to orders/complete once per page view (a reload presents it again and gets the
 * same receipt: the origin never completes twice), then shows the receipt with the wash
 * codes and empties the cart, or the payment-failed text of spec §8 and keeps the cart.
 * It writes the page's h1 and the document title from the outcome — "Order confirmation"
 * only for a paid order, "Payment failed" or "Payment cancelled" otherwise —
 * so the CMS page has no hero and a neutral title ("Payment status").
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/ui/link';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { OrderReceipt, SignedPaymentResult } from '#shared/shop/api-schema';
import { formatPrice } from '#shared/shop/money';
import { PAYMENT_RESULT_FIELDS } from '#shared/shop/payment-result-query';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { TextWithPhone, useCustomerServicePhone } from '@/ui/customer-service-phone';
import { ApiError, isTransient, shopApi } from '../api/shop-api';
import { useCart } from '../cart/use-cart';
import { CartTotals } from './cart-totals';
import { trackPurchaseOnce } from '../checkout/purchase-analytics';
import './cart.css';

type View =
  | { state: 'checking' }
  | { state: 'paid'; receipt: OrderReceipt }
  | { state: 'failed'; cancelled: boolean }
  | { state: 'offline' }
  | { state: 'expired' };

/** The h1 of each outcome (locales/{locale}/shop.po). */
function headingId(view: View | null): string {
  if (!view) return /*i18n*/ 'shop.result.unknown';
  switch (view.state) {
    case 'checking':
      return /*i18n*/ 'shop.result.checking';
    case 'paid':
      return /*i18n*/ 'shop.result.paid';
    case 'failed':
      return view.cancelled ? /*i18n*/ 'shop.result.cancelled' : /*i18n*/ 'shop.result.failed';
    default:
      return /*i18n*/ 'shop.result.unknown';
  }
}

/** The page's h1 and document title, both saying what happened to the payment. */
function ResultPage({ heading, children }: { heading: string; children: ReactNode }) {
  const payload = usePagePayload();
  const cmsTitle = payload?.page?.content.title;
  const headTitle = payload?.head.title;
  useEffect(() => {
    // The head title is '{CMS title} | brand': the outcome takes the CMS title's place.
    document.title =
      cmsTitle && headTitle?.startsWith(cmsTitle) ? `${heading}${headTitle.slice(cmsTitle.length)}` : heading;
  }, [heading, cmsTitle, headTitle]);
  return (
    <>
      <h1 className="shop-result__heading">{heading}</h1>
      {children}
    </>
  );
}

export function ConfirmationBlock() {
  const { i18n } = useLingui();
  const [params] = useSearchParams();
  const missing = PAYMENT_RESULT_FIELDS.some((field) => !params.get(field));
  const [view, setView] = useState<View>({ state: 'checking' });
  return (
    <ResultPage heading={i18n._(headingId(missing ? null : view))}>
      <PaymentResult view={view} setView={setView} missing={missing} />
    </ResultPage>
  );
}

function PaymentResult({ view, setView, missing }: { view: View; setView: (view: View) => void; missing: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const { cart, snapshot: cartSnapshot } = useCart();
  const [params] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const asked = useRef<string | null>(null);
  const query = PAYMENT_RESULT_FIELDS.map((field) => params.get(field) ?? '').join('|');

  useEffect(() => {
    if (missing) return;
    const values = Object.fromEntries(PAYMENT_RESULT_FIELDS.map((field) => [field, params.get(field)]));
    const key = `${query}#${attempt}`;
    if (asked.current === key) return;
    asked.current = key;
    const result = { ...values, timestamp: Number(values.timestamp) } as unknown as SignedPaymentResult;
    shopApi.completeOrder(result, locale).then(
      (receipt) => {
        if (receipt.status === 'paid') {
          setView({ state: 'paid', receipt });
          trackPurchaseOnce(receipt);
        } else setView({ state: 'failed', cancelled: receipt.paymentStatus === 'cancelled' });
      },
      (error: unknown) => {
        if (isTransient(error)) setView({ state: 'offline' });
        else if (error instanceof ApiError && error.is('SIGNATURE_EXPIRED')) setView({ state: 'expired' });
        else {
          console.warn('Payment result refused', error);
          setView({ state: 'failed', cancelled: false });
        }
      },
    );
  }, [query, attempt, locale, params, missing, setView]);

  // The cart is emptied once the order is paid and the saved cart has been read.
  useEffect(() => {
    if (view.state === 'paid' && cartSnapshot.loaded && cartSnapshot.items.length > 0) void cart.reset();
  }, [view.state, cartSnapshot.loaded, cartSnapshot.items.length, cart]);

  if (missing)
    return (
      <section>
        <p>{i18n._('shop.confirmation.missing')}</p>
        <Link to={SHOP_PATHS.cart[locale]} className="button">
          {i18n._('shop.confirmation.toCart')}
        </Link>
      </section>
    );
  switch (view.state) {
    case 'checking':
      return <p role="status">{i18n._('shop.confirmation.checking')}</p>;
    case 'offline':
      return (
        <section>
          <p className="shop-notice">{i18n._('shop.confirmation.offline')}</p>
          <button type="button" className="button button--primary" onClick={() => setAttempt((value) => value + 1)}>
            {i18n._('shop.confirmation.retry')}
          </button>
        </section>
      );
    case 'expired':
      return (
        <section>
          <p className="shop-notice">{i18n._('shop.confirmation.expired')}</p>
          <Link to={SHOP_PATHS.cart[locale]} className="button">
            {i18n._('shop.confirmation.toCart')}
          </Link>
        </section>
      );
    case 'failed':
      return <PaymentFailed cancelled={view.cancelled} />;
    case 'paid':
      return <Receipt receipt={view.receipt} />;
  }
}

/** The payment-failed text of spec §8 with the customer service number; the cart is kept. */
function PaymentFailed({ cancelled }: { cancelled: boolean }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const customerServicePhone = useCustomerServicePhone();
  return (
    <section className="shop-confirmation">
      <div role="alert" className="shop-error">
        {/* A cancelled payment is the shopper's choice, not a failure: it says so, and nothing else. */}
        {cancelled ? (
          <>
            <p>{i18n._('shop.confirmation.cancelled')}</p>
            <p>{i18n._('shop.confirmation.cancelledLead')}</p>
          </>
        ) : (
          <p>
            <TextWithPhone text={(phone) => i18n._('messages.paymentFailed', { phone })} phone={customerServicePhone} />
          </p>
        )}
      </div>
      <p className="shop-actions">
        <Link to={SHOP_PATHS.checkout[locale]} className="button button--primary">
          {i18n._('shop.confirmation.tryAgain')}
        </Link>
        <Link to={SHOP_PATHS.cart[locale]} className="button">
          {i18n._('shop.confirmation.toCart')}
        </Link>
      </p>
    </section>
  );
}

function Receipt({ receipt }: { receipt: OrderReceipt }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  return (
    <section className="shop-confirmation" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{i18n._('shop.confirmation.thanks')}</h2>
      <p>{i18n._('shop.confirmation.orderId', { orderId: receipt.orderId })}</p>
      <p>{i18n._('shop.confirmation.emailSent', { email: receipt.email })}</p>
      <ul className="shop-cart__items">
        {receipt.items.map((item) => (
          <li key={item.code} className="shop-line">
            <div className="shop-line__body">
              <h3 className="shop-line__name">
                {item.quantity} × {item.name}
              </h3>
              <p className="shop-line__total">{formatPrice(item.lineTotal, locale)}</p>
              <p>{i18n._('shop.confirmation.codes')}</p>
              <ul className="wash-codes">
                {item.washCodes.map((code) => (
                  <li key={code}>
                    <code>{code}</code>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      <CartTotals totals={receipt.totals} />
      <Link to={SHOP_PATHS.products[locale]} className="button">
        {i18n._('shop.cart.browse')}
      </Link>
    </section>
  );
}
