/**
 * The locale's one customer-service number (layout `customerServicePhone`, seeded from
 * content/layout/{locale}.json) as a tel: link, for every place that names it: the
 * contact page's contact details and the payment-failed text (spec §8 {phone}).
 */
import { Fragment } from 'react';
import { telHref } from '#shared/tel-href';
import { usePagePayload } from './payload-context';

/** The number of the page's locale, or undefined when the layout has none. */
export function useCustomerServicePhone(): string | undefined {
  return usePagePayload()?.layout?.customerServicePhone;
}

/** A number never breaks between its groups of digits (`.phone-number` in styles.css). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="phone-number">
      {phone}
    </a>
  );
}

const SLOT = '\u0000phone\u0000';

/**
 * A translated text whose {phone} placeholder becomes a tel: link. `text` is called with
 * the value to put in the placeholder. Without a number the text ends where it stood.
 */
export function TextWithPhone({ text, phone }: { text: (phone: string) => string; phone: string | undefined }) {
  if (!phone) return <>{text('').trim()}</>;
  const parts = text(SLOT).split(SLOT);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <PhoneLink phone={phone} /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
