/**
 * The views that need a session: the account hub, my details (view and edit, password
 * change), cards, and orders with their wash codes. A guest is sent to login and back.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { useSite } from '../../../ui/site-context';
import { useT } from '../../../i18n/use-t';
import type { Card, MarketingChoice, OrderSummary, User } from '../../../shared/account-types';
import { ACCOUNT_PATHS } from '../../../shared/account-paths';
import { LOCALE_INFO } from '../../../shared/locales';
import { formatMoney } from '../../../shared/shop/money';
import { ACCOUNT_FORM_RULES } from '../../../shared/validation/forms';
import { callingCode, type TelephonePrefix } from '../../../shared/validation/phone';
import { FormField, FormMessage } from '../../../ui/form/form-field';
import { useFormFields } from '../../../ui/form/use-form-fields';
import { useOnlineStatus } from '../../../ui/use-online-status';
import { loadCustomer, logout } from '../session/session-actions';
import { session } from '../../../ui/session-store';
import { ApiError, changePassword, fetchOrders, updateDetails } from '../api/account-api';
import { Loading, requestErrorId, useFieldText, useRequireSession } from './account-helpers';
import { MarketingChoices, PhoneFields, phoneNumberOf } from './shared-fields';

function LogoutButton() {
  const t = useT();
  const { locale } = useSite();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const done = await logout(locale);
        setBusy(false);
        if (done) await navigate(ACCOUNT_PATHS.login[locale]);
      }}
    >
      {t('account.logout')}
    </button>
  );
}

export function HubView() {
  const t = useT();
  const { locale } = useSite();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  if (!ready || !user) return <Loading />;
  return (
    <section className="account-hub" aria-labelledby="account-hub-title">
      <h2 id="account-hub-title">{t('account.hub.greeting', { name: user.firstname })}</h2>
      <ul className="account-hub__links">
        {(['myPages', 'cards', 'orders'] as const).map((page) => (
          <li key={page}>
            <Link to={ACCOUNT_PATHS[page][locale]} className="account-hub__link">
              <span className="account-hub__link-title">{t(`account.nav.${page}`)}</span>
              <span>{t(`account.nav.${page}-text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LogoutButton />
    </section>
  );
}

function BackToHub() {
  const t = useT();
  const { locale } = useSite();
  return (
    <p className="account__back">
      <Link to={ACCOUNT_PATHS.hub[locale]}>{t('account.back-to-hub')}</Link>
    </p>
  );
}

function DetailsSummary({ user, onEdit }: { user: User; onEdit: () => void }) {
  const t = useT();
  const rows: Array<[string, string]> = [
    [t('account.field.firstname'), user.firstname],
    [t('account.field.lastname'), user.lastname],
    [t('account.field.email'), user.email],
    [
      t('forms.field.phone'),
      user.telephoneNumber ? `${callingCode(user.telephonePrefix)} ${user.telephoneNumber}` : '–',
    ],
    [
      t('account.marketing.legend'),
      user.marketing.length
        ? user.marketing.map((choice) => t(`account.marketing.${choice}`)).join(', ')
        : t('account.marketing.none'),
    ],
  ];
  return (
    <section aria-labelledby="account-details-title">
      <h2 id="account-details-title">{t('account.details.title')}</h2>
      <dl className="account-details">
        {rows.map(([label, value]) => (
          <div key={label} className="account-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button button--primary" onClick={onEdit}>
        {t('account.details.edit')}
      </button>
    </section>
  );
}

function DetailsForm({ user, onDone }: { user: User; onDone: (saved: boolean) => void }) {
  const t = useT();
  const text = useFieldText();
  const { locale } = useSite();
  const online = useOnlineStatus();
  const form = useFormFields(
    {
      firstname: user.firstname,
      lastname: user.lastname,
      telephonePrefix: user.telephonePrefix as string,
      telephoneNumber: user.telephoneNumber,
    },
    ACCOUNT_FORM_RULES.details,
  );
  const [marketing, setMarketing] = useState<MarketingChoice[]>([...user.marketing]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    const formElement = event.currentTarget as HTMLFormElement;
    event.preventDefault();
    setFailure(null);
    if (!form.checkAll()) return form.focusFirstInvalid(formElement);
    const phoneNumber = phoneNumberOf(form.values.telephonePrefix, form.values.telephoneNumber);
    if (phoneNumber === null) {
      form.setServerErrors({ telephoneNumber: { id: 'validation.phone' } });
      return form.focusFirstInvalid(formElement);
    }
    if (!online) return setFailure('account.errors.offline');
    setBusy(true);
    try {
      await updateDetails(locale, {
        firstName: form.values.firstname.trim(),
        lastName: form.values.lastname.trim(),
        phoneNumber,
        marketing,
      });
      await loadCustomer(locale);
      onDone(true);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setServerErrors(error.fields);
      else setFailure(requestErrorId(error));
      setBusy(false);
    }
  }

  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate aria-labelledby="account-edit-title">
      <h2 id="account-edit-title">{t('account.details.edit-title')}</h2>
      {failure ? (
        <FormMessage kind="error">
          <p>{t(failure)}</p>
        </FormMessage>
      ) : null}
      <div className="form-row">
        {(['firstname', 'lastname'] as const).map((name) => (
          <FormField
            key={name}
            kind="text"
            name={name}
            label={t(`account.field.${name}`)}
            autoComplete={name === 'firstname' ? 'given-name' : 'family-name'}
            required
            value={form.values[name]}
            onChange={(value) => form.setValue(name, value)}
            error={text(form.errorOf(name))}
          />
        ))}
      </div>
      <PhoneFields
        prefix={form.values.telephonePrefix as TelephonePrefix}
        number={form.values.telephoneNumber}
        onPrefix={(value) => form.setValue('telephonePrefix', value)}
        onNumber={(value) => form.setValue('telephoneNumber', value)}
        error={text(form.errorOf('telephoneNumber'))}
      />
      <MarketingChoices value={marketing} onChange={setMarketing} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('account.details.saving') : t('account.details.save')}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('account.details.cancel')}
        </button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const t = useT();
  const text = useFieldText();
  const { locale } = useSite();
  const form = useFormFields(
    { currentPassword: '', newPassword: '', newPasswordConfirmation: '' },
    ACCOUNT_FORM_RULES.changePassword,
  );
  const [state, setState] = useState<'idle' | 'busy' | 'done' | { failed: string }>('idle');

  async function onSubmit(event: FormEvent) {
    const formElement = event.currentTarget as HTMLFormElement;
    event.preventDefault();
    if (!form.checkAll()) return form.focusFirstInvalid(formElement);
    setState('busy');
    try {
      await changePassword(locale, form.values.currentPassword, form.values.newPassword);
      form.reset({ currentPassword: '', newPassword: '', newPasswordConfirmation: '' });
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        form.setServerErrors(error.fields);
        setState('idle');
        form.focusFirstInvalid(formElement);
      } else setState({ failed: requestErrorId(error) });
    }
  }

  const names = ['currentPassword', 'newPassword', 'newPasswordConfirmation'] as const;
  return (
    <form className="form account-form" onSubmit={onSubmit} noValidate aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account.password.title')}</h2>
      <p>{t('account.password.lead')}</p>
      {state === 'done' ? <FormMessage kind="success">{t('account.password.done')}</FormMessage> : null}
      {typeof state === 'object' ? <FormMessage kind="error">{t(state.failed)}</FormMessage> : null}
      {names.map((name) => (
        <FormField
          key={name}
          kind="password"
          name={name}
          label={t(`account.field.${name}`)}
          autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
          hint={name === 'newPassword' ? t('account.password-hint') : undefined}
          required
          value={form.values[name]}
          onChange={(value) => form.setValue(name, value)}
          error={text(form.errorOf(name))}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={state === 'busy'}>
          {t('account.password.submit')}
        </button>
      </div>
    </form>
  );
}

export function MyDetailsView() {
  const t = useT();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!ready || !user) return <Loading />;
  return (
    <div className="account-view">
      <BackToHub />
      {saved && !editing ? <FormMessage kind="success">{t('account.details.saved')}</FormMessage> : null}
      {editing ? (
        <DetailsForm
          user={user as User}
          onDone={(didSave) => {
            setEditing(false);
            setSaved(didSave);
          }}
        />
      ) : (
        <DetailsSummary
          user={user as User}
          onEdit={() => {
            setSaved(false);
            setEditing(true);
          }}
        />
      )}
      <PasswordForm />
    </div>
  );
}

function formatMonth(expires: string, locale: string): string {
  const [year, month] = expires.split('-').map(Number);
  if (!year || !month) return expires;
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

export function CardsView() {
  const t = useT();
  const { locale } = useSite();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  if (!ready || !user) return <Loading />;
  const cards = user.cards as Card[];
  return (
    <section className="account-view" aria-labelledby="account-cards-title">
      <BackToHub />
      <h2 id="account-cards-title">{t('account.cards.title')}</h2>
      {cards.length === 0 ? <p>{t('account.cards.none')}</p> : null}
      <ul className="account-cards">
        {cards.map((card) => (
          <li key={card.id} className={`account-card account-card--${card.status}`}>
            <p className="account-card__kind">{t(`account.cards.kind.${card.kind}`)}</p>
            <p className="account-card__number">
              <span className="visually-hidden">{t('account.cards.number')} </span>
              {card.maskedNumber}
            </p>
            <dl>
              <div>
                <dt>{t('account.cards.holder')}</dt>
                <dd>{card.holder}</dd>
              </div>
              <div>
                <dt>{t('account.cards.expires')}</dt>
                <dd>{formatMonth(card.expires, LOCALE_INFO[locale].formatLocale)}</dd>
              </div>
              <div>
                <dt>{t('account.cards.status')}</dt>
                <dd>{t(`account.cards.status.${card.status}`)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function OrdersView() {
  const t = useT();
  const { locale } = useSite();
  const ready = useRequireSession();
  const [orders, setOrders] = useState<OrderSummary[] | 'failed' | null>(null);

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    fetchOrders(locale).then(
      (list) => !cancelled && setOrders(list),
      () => !cancelled && setOrders('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [ready, locale]);

  if (!ready || orders === null) return <Loading />;
  const { formatLocale, timeZone } = LOCALE_INFO[locale];
  // An order shows the currency it was charged in, in the locale table's format.
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(formatLocale, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  return (
    <section className="account-view" aria-labelledby="account-orders-title">
      <BackToHub />
      <h2 id="account-orders-title">{t('account.orders.title')}</h2>
      {orders === 'failed' ? <FormMessage kind="error">{t('messages.something-went-wrong')}</FormMessage> : null}
      {orders !== 'failed' && orders.length === 0 ? <p>{t('account.orders.none')}</p> : null}
      {orders !== 'failed'
        ? orders.map((order) => (
            <article key={order.id} className="account-order" aria-labelledby={`order-${order.id}`}>
              <h3 id={`order-${order.id}`}>{t('account.orders.order', { id: order.id })}</h3>
              <p>
                {date(order.createdAt)} · {t(`account.orders.status.${order.status === 'paid' ? 'paid' : 'pending'}`)} ·{' '}
                {money(order.totalWithTax, order.currency)}
              </p>
              <ul>
                {order.items.map((item) => (
                  <li key={item.code}>
                    {item.amount} × {item.name}
                  </li>
                ))}
              </ul>
              {order.washCodes.length > 0 ? (
                <>
                  <h4>{t('account.orders.wash-codes')}</h4>
                  <ul className="account-order__codes">
                    {order.washCodes.map((code) => (
                      <li key={code.code}>
                        <code>{code.code}</code> {code.productName}
                        {code.used ? ` – ${t('account.orders.used')}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </article>
          ))
        : null}
    </section>
  );
}
