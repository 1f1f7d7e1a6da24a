/**
 * The customer's cards (spec: card shape in docs/accounts.md). Needs a session. No title
 * of its own: the page's h1 (its CMS title) names it (account-page-headings.test.tsx).
 */
import { useSnapshot } from 'valtio';
import { useSite } from '@/ui/site-context';
import { useLingui } from '@lingui/react';
import type { Card } from '#shared/account-types';
import { LOCALE_INFO } from '#shared/locales';
import { session } from '@/ui/session-store';
import { Loading, useRequireSession } from './account-helpers';
import { BackToHub } from './back-to-hub';
import { ACCOUNT_CARDS_KIND_IDS, ACCOUNT_CARDS_STATUS_IDS } from '../message-ids';

function formatMonth(expires: string, locale: string): string {
  const [year, month] = expires.split('-').map(Number);
  if (!year || !month) return expires;
  return new Intl.DateTimeFormat(locale, { month: '2-digit', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
}

export function CardsView() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const ready = useRequireSession();
  const { user } = useSnapshot(session);
  if (!ready || !user) return <Loading />;
  const cards = user.cards as Card[];
  return (
    <div className="account-view">
      <BackToHub />
      {cards.length === 0 ? <p>{i18n._('account.cards.none')}</p> : null}
      <ul className="account-cards">
        {cards.map((card) => (
          <li key={card.id} className={`account-card account-card--${card.status}`}>
            <p className="account-card__kind">
              {i18n._(ACCOUNT_CARDS_KIND_IDS[card.kind] ?? `account.cards.kind.${card.kind}`)}
            </p>
            <p className="account-card__number">
              <span className="visually-hidden">{i18n._('account.cards.number')} </span>
              {card.maskedNumber}
            </p>
            <dl>
              <div>
                <dt>{i18n._('account.cards.holder')}</dt>
                <dd>{card.holder}</dd>
              </div>
              <div>
                <dt>{i18n._('account.cards.expires')}</dt>
                <dd>{formatMonth(card.expires, LOCALE_INFO[locale].formatLocale)}</dd>
              </div>
              <div>
                <dt>{i18n._('account.cards.status')}</dt>
                <dd>{i18n._(ACCOUNT_CARDS_STATUS_IDS[card.status] ?? `account.cards.status.${card.status}`)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
