/** Checkout state (spec §3): step (starts at 1), customer data, sendSms, busy, order and payment choice. */
import { proxy } from 'valtio';
import type { PaymentMethodType } from '#shared/shop/api-schema';
import { EMPTY_CUSTOMER_DATA, type CustomerData } from './customer-data-storage';

export interface CheckoutState {
  step: 1 | 2;
  customerData: CustomerData;
  sendSms: boolean;
  busy: boolean;
  orderId: string | null;
  paymentMethodType: PaymentMethodType;
  bank: string | null;
  /** The card brand is chosen on the provider's page; kept for the spec's shape. */
  card: string | null;
}

export const checkout = proxy<CheckoutState>({
  step: 1,
  customerData: { ...EMPTY_CUSTOMER_DATA },
  sendSms: false,
  busy: false,
  orderId: null,
  paymentMethodType: 'card',
  bank: null,
  card: null,
});
