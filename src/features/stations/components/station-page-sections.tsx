/**
 * The parts of a station page (station-page.tsx puts them in the order of spec §4): the
 * contact and opening hours in the header, today's fuel prices and charger statuses, the
 * lunch of the day and the week's lunch list, the services, the food menu and the car wash.
 */
import { useId } from 'react';
import { useLingui } from '@lingui/react';
import { NewTabNote } from '@/ui/new-tab-note';
import { useSite } from '@/ui/site-context';
import { LOCALE_INFO } from '#shared/locales';
import { telHref } from '#shared/tel-href';
import { DIET_CODES } from '#shared/station-constants';
import type { FoodMenu, LunchList, StationDetails } from '#shared/stations';
import { useLiveData } from '../use-live-data';
import { useLiveStream } from '../use-live-stream';
import { ChargePointList } from './charge-point-list';
import { FuelPriceTable } from './fuel-price-table';
import { OpeningHoursTable } from './opening-hours-table';
import { Section } from './station-section';
import { STATIONS_DIET_IDS, STATIONS_SERVICE_IDS } from '../message-ids';

/** Formats an amount in the station's currency (prices at a station are paid there). */
export interface StationPrice {
  format: (amount: number) => string;
}

/** Google Maps directions to the station (the documented Maps URLs, no key needed). */
function directionsHref(station: Pick<StationDetails, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${station.lat},${station.lng}`;
}

export function StationContact({ station }: { station: StationDetails }) {
  const { i18n } = useLingui();
  return (
    <div className="station-page__contact">
      <h2>{i18n._('stations.page.contact')}</h2>
      <ul>
        {station.phone ? (
          <li>
            {i18n._('stations.page.phone')}: <a href={telHref(station.phone)}>{station.phone}</a>
          </li>
        ) : null}
        {station.email ? (
          <li>
            {i18n._('stations.page.email')}: <a href={`mailto:${station.email}`}>{station.email}</a>
          </li>
        ) : null}
      </ul>
      <p>
        <a
          className="station-page__directions"
          href={directionsHref(station)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {i18n._('stations.page.directions')}
          <NewTabNote />
        </a>
      </p>
    </div>
  );
}

export function StationHours({ station, today }: { station: StationDetails; today: string }) {
  const { i18n } = useLingui();
  return (
    <div className="station-page__hours">
      <h2>{i18n._('stations.page.openingHours')}</h2>
      <OpeningHoursTable hours={station.openingHours} today={today} caption={i18n._('stations.page.stationHours')} />
      {station.kitchenHours ? (
        <OpeningHoursTable hours={station.kitchenHours} today={today} caption={i18n._('stations.page.kitchenHours')} />
      ) : null}
      {station.breakfastHours ? (
        <OpeningHoursTable
          hours={station.breakfastHours}
          today={today}
          caption={i18n._('stations.page.breakfastHours')}
        />
      ) : null}
      {station.lunchHours ? (
        <OpeningHoursTable hours={station.lunchHours} today={today} caption={i18n._('stations.page.lunchHours')} />
      ) : null}
    </div>
  );
}

/** Today's fuel prices and charger statuses, refreshed while the page is open (use-live-data.ts). */
export function StationLiveData({ station }: { station: StationDetails }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const live = useLiveData(station);
  // New prices and statuses while the page stays open (live-stream.ts).
  useLiveStream(station.country, locale);
  const pricesHeading = useId();
  return (
    <>
      {live.prices.length > 0 ? (
        <div className="station-page__prices">
          <h2 id={pricesHeading}>{i18n._('stations.prices.title')}</h2>
          <FuelPriceTable
            prices={live.prices}
            currency={station.currency}
            timeZone={station.timeZone}
            labelledBy={pricesHeading}
          />
        </div>
      ) : null}
      {live.chargePoints.length > 0 ? (
        <div className="station-page__chargers">
          <h2>{i18n._('stations.chargers.title')}</h2>
          <ChargePointList points={live.chargePoints} timeZone={station.timeZone} currency={station.currency} />
        </div>
      ) : null}
    </>
  );
}

export function StationLunch({ lunch, price }: { lunch: NonNullable<StationDetails['lunch']>; price: StationPrice }) {
  const { i18n } = useLingui();
  return (
    <Section kind="lunch" title={i18n._('stations.page.lunch')}>
      {lunch.dishes && lunch.dishes.length > 0 ? (
        // Each dish with its own price: the dishes of a day need not cost the same.
        <ul className="station-lunch-today">
          {lunch.dishes.map((dish, index) => (
            <li key={index}>
              <strong>{dish.name}</strong>
              {dish.diets.length > 0 ? ` (${dish.diets.join(', ')})` : ''} — {price.format(dish.price)}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          <strong>{lunch.title}</strong>
          {lunch.text ? `, ${lunch.text}` : ''} — {price.format(lunch.price)}
        </p>
      )}
    </Section>
  );
}

export function StationLunchList({ list, price }: { list: LunchList; price: StationPrice }) {
  const { locale } = useSite();
  const dateFormat = new Intl.DateTimeFormat(LOCALE_INFO[locale].formatLocale, {
    weekday: 'long',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <Section kind="lunchList" title={list.title}>
      <dl className="station-lunch-list">
        {list.days.map((day) => (
          <div key={day.date} className="station-lunch-list__day">
            <dt>{dateFormat.format(new Date(`${day.date}T00:00:00Z`))}</dt>
            {day.dishes.map((dish, index) => (
              <dd key={index}>
                {dish.name}
                {dish.diets.length > 0 ? ` (${dish.diets.join(', ')})` : ''} — {price.format(dish.price)}
              </dd>
            ))}
          </div>
        ))}
      </dl>
      <DietLegend days={list.days} />
    </Section>
  );
}

export function StationFoodMenu({ menu, price }: { menu: FoodMenu; price: StationPrice }) {
  return (
    <Section kind="foodMenu" title={menu.title}>
      {menu.sections.map((section) => (
        <div key={section.title} className="station-menu__section">
          <h3>{section.title}</h3>
          <ul>
            {section.items.map((item) => (
              <li key={item.name}>
                {item.name} — {price.format(item.price)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Section>
  );
}

export function StationCarwash({
  carwash,
  price,
}: {
  carwash: NonNullable<StationDetails['carwash']>;
  price: StationPrice;
}) {
  const { i18n } = useLingui();
  return (
    <Section kind="carwash" title={i18n._('stations.page.carwash')}>
      <ul>
        {carwash.programmes.map((programme) => (
          <li key={programme.name}>
            {programme.name} — {price.format(programme.price)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The station's services, with the express station's note first. */
export function StationServices({ station }: { station: StationDetails }) {
  const { i18n } = useLingui();
  return (
    <Section kind="attributes" title={i18n._('stations.page.services')}>
      {station.express ? <p>{i18n._('stations.page.expressText')}</p> : null}
      <ul className="station-services">
        {station.services.map((code) => (
          <li key={code}>{i18n._(STATIONS_SERVICE_IDS[code] ?? `stations.service.${code}`)}</li>
        ))}
      </ul>
    </Section>
  );
}

/** What the diet labels of this week's list mean (L, G, M, VEG), those it uses alone. */
function DietLegend({ days }: { days: LunchList['days'] }) {
  const { i18n } = useLingui();
  const used = new Set(days.flatMap((day) => day.dishes.flatMap((dish) => dish.diets)));
  const codes = DIET_CODES.filter((code) => used.has(code));
  if (codes.length === 0) return null;
  return (
    <p className="station-lunch-list__legend">
      {codes.map((code) => `${code} = ${i18n._(STATIONS_DIET_IDS[code] ?? `stations.diet.${code}`)}`).join(', ')}
    </p>
  );
}
