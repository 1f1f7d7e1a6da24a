import { useT } from '@/i18n/use-t';
import type { KnownBlockOf } from '@/shared/content-schema';
import { PhoneLink, useCustomerServicePhone } from '@/ui/customer-service-phone';

export function ContactDetailsBlock({ block }: { block: KnownBlockOf<'contactDetails'> }) {
  const t = useT();
  const customerServicePhone = useCustomerServicePhone();
  const phone = block.customerService ? customerServicePhone : block.phone;
  return (
    <section className="contact-details">
      {block.title ? <h2>{block.title}</h2> : null}
      <dl className="contact-details__list">
        {phone ? (
          <div>
            <dt>{t('contact.phone')}</dt>
            <dd>
              <PhoneLink phone={phone} />
            </dd>
          </div>
        ) : null}
        {block.email ? (
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={`mailto:${block.email}`}>{block.email}</a>
            </dd>
          </div>
        ) : null}
        {block.address ? (
          <div>
            <dt>{t('contact.address')}</dt>
            <dd className="contact-details__multiline">{block.address}</dd>
          </div>
        ) : null}
        {block.hours ? (
          <div>
            <dt>{t('contact.hours')}</dt>
            <dd className="contact-details__multiline">{block.hours}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
