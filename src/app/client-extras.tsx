/**
 * Parts of the shell that exist only in the browser after hydration: the consent
 * banner/dialog with the tag manager, and the notifications live region. Neither is in
 * the server-rendered HTML, so they load as their own chunk (with valtio) after the page
 * is interactive and stay out of the landing page's JavaScript budget.
 */
import { ConsentManager } from '../features/consent/consent-manager';
import { Notifications } from '../ui/notifications';

export default function ClientExtras({ tagManagerId }: { tagManagerId: string | undefined }) {
  return (
    <>
      <Notifications />
      <ConsentManager tagManagerId={tagManagerId} />
    </>
  );
}
