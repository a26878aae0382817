/**
 * /gift-cards: buying a gift card for someone, signed in (no profile, survey or waiver needed). The
 * form, then the summary and the card payment, then the confirmation; back from Stripe, the payment's
 * own status. Signed out, a link to sign in, which brings the buyer back here.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $authStatus, startAuth } from '../../../stores/auth.ts';
import { $products, loadProducts } from '../../../stores/products.ts';
import { useHydrated } from '../../../ui/hooks/use-hydrated.ts';
import { useSearchParam } from '../../../ui/hooks/use-search-param.ts';
import { giftSummary, voucherTrips, type GiftWhen } from '../rules/gift-purchase.ts';
import { $giftStep, resetGiftPurchase } from '../stores/gift-purchase.ts';
import GiftForm from './GiftForm.tsx';
import GiftPaid from './GiftPaid.tsx';
import GiftPayment from './GiftPayment.tsx';
import GiftStripeReturn from './GiftStripeReturn.tsx';
import '../../../styles/payment.css';
import '../../../styles/gift-cards.css';

const WHENS: readonly GiftWhen[] = ['now', 'on', 'print'];

export default function BuyGiftCard() {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const step = useStore($giftStep);
  const catalog = useStore($products);
  const returnedSecret = useSearchParam('payment_intent_client_secret');
  const delivery = useSearchParam('delivery');
  const [openedAt] = useState(() => Date.now());
  const trips = useMemo(() => (catalog ? voucherTrips(catalog) : null), [catalog]);

  useEffect(() => {
    void startAuth();
    void loadProducts();
  }, []);

  if (returnedSecret) {
    return <GiftStripeReturn clientSecret={returnedSecret} when={WHENS.find((when) => when === delivery) ?? 'now'} />;
  }
  if (step.name === 'paid') {
    const summary = giftSummary(step.request, step.purchase, trips ?? []);
    return (
      <GiftPaid
        when={step.request.delivery.when}
        what={`${summary.what} for ${step.request.recipientName}.`}
        onAnother={resetGiftPurchase}
      />
    );
  }
  if (step.name === 'paying') return <GiftPayment request={step.request} purchase={step.purchase} trips={trips ?? []} />;
  const signedOut = hydrated && status === 'signed-out';
  return (
    <div className="gift-buy">
      {signedOut && (
        <p className="gift-sign-in" role="status">
          Please <a href="/sign-in">log in</a> to buy a gift card. No account yet? Sign up there: you come straight back here.
        </p>
      )}
      <GiftForm live={hydrated && status === 'signed-in'} trips={trips} openedAt={openedAt} />
    </div>
  );
}
