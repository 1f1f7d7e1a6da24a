/**
 * Reconciliation (docs/shop.md "Reconciliation"): completes the orders whose payment the
 * provider approved but which are still pending because neither the callback nor the
 * browser's return arrived (the origin stopped in between), at start-up and periodically.
 */
import type { FastifyInstance } from 'fastify';
import type { Transact } from '../../unit-of-work';
import type { ShopRepositories } from '../shop-repositories';
import type { Seller } from '../catalog-files';
import type { PaymentProvider } from '../payments/payment-provider';
import { settlePaid, warnOverLimit } from './settle-paid';

export function createReconcileOrders(
  shop: ShopRepositories,
  transaction: Transact,
  deps: { provider: PaymentProvider; seller: Seller; now: () => Date; warn?: (message: string) => void },
) {
  /**
   * Safe to run at any time and in several processes at once: each order is completed by
   * the one conditional update that moves it to paid, as in completing it. Answers how
   * many orders this call completed.
   */
  return async function reconcile(): Promise<number> {
    let completed = 0;
    const failures: unknown[] = [];
    // A real provider is asked first how the open payments ended (the test gateway's
    // decisions are in shop_payments already); what it approved is settled below.
    if (deps.provider.recordDecisionsOfOpenPayments)
      await deps.provider.recordDecisionsOfOpenPayments(deps.now()).catch((error: unknown) => failures.push(error));
    for (const orderId of await shop.orders.approvedButPending()) {
      try {
        const outcome = await transaction((tx) => settlePaid(tx, orderId, deps.now().toISOString(), deps.seller));
        warnOverLimit(outcome, orderId, deps.warn);
        if (outcome.changed) completed += 1;
      } catch (error) {
        // One order that cannot be completed must not hold up the others.
        failures.push(error);
      }
    }
    if (failures.length > 0)
      throw new AggregateError(failures, `Reconciliation completed ${completed} order(s); ${failures.length} failed`);
    return completed;
  };
}

/**
 * Runs `reconcile` when the origin starts (before it answers any request) and every
 * `intervalMs` after, one run at a time. A failed run is logged and tried again at the
 * next tick; it never stops the origin.
 */
export function scheduleReconciliation(
  app: FastifyInstance,
  reconcile: () => Promise<number>,
  intervalMs: number,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // A tick that finds the previous run still going is skipped, so runs never pile up.
  const run = (): Promise<void> =>
    (running ??= reconcile()
      .then((completed) => {
        if (completed > 0) app.log.warn(`reconciliation completed ${completed} approved order(s) left pending`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'order reconciliation failed'))
      .finally(() => {
        running = undefined;
      }));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
