import { useLingui } from '@lingui/react';
import type { KnownBlockOf } from '#shared/content-schema';
import { PhoneLink, useCustomerServicePhone } from '@/ui/customer-service-phone';

export function ContactDetailsBlock({ block }: { block: KnownBlockOf<'contactDetails'> }) {
  const { i18n } = useLingui();
  const customerServicePhone = useCustomerServicePhone();
  const phone = block.customerService ? customerServicePhone : block.phone;
  return (
    <section className="contact-details">
      {block.title ? <h2>{block.title}</h2> : null}
      <dl className="contact-details__list">
        {phone ? (
          <div>
            <dt>{i18n._('contact.phone')}</dt>
            <dd>
              <PhoneLink phone={phone} />
            </dd>
          </div>
        ) : null}
        {block.email ? (
          <div>
            <dt>{i18n._('contact.email')}</dt>
            <dd>
              <a href={`mailto:${block.email}`}>{block.email}</a>
            </dd>
          </div>
        ) : null}
        {block.address ? (
          <div>
            <dt>{i18n._('contact.address')}</dt>
            <dd className="contact-details__multiline">{block.address}</dd>
          </div>
        ) : null}
        {block.hours ? (
          <div>
            <dt>{i18n._('contact.hours')}</dt>
            <dd className="contact-details__multiline">{block.hours}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
