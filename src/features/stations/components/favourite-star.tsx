/**
 * The star of a station card or page: a toggle button ("My stations"), named after the
 * station so that a list of them reads well by screen reader.
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { StationSummary } from '#shared/stations';
import { toggleFavourite } from '../use-favourites';

export function FavouriteStar({
  station,
  on,
  className = '',
}: {
  station: Pick<StationSummary, 'id' | 'country' | 'name'>;
  on: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`favourite-star${on ? ' is-on' : ''} ${className}`.trim()}
        aria-pressed={on}
        aria-label={i18n._('stations.favourite.label', { name: station.name })}
        title={on ? i18n._('stations.favourite.remove') : i18n._('stations.favourite.add')}
        onClick={() => {
          setFailed(false);
          toggleFavourite(station, !on).catch((error: unknown) => {
            console.warn('Could not save the favourite station', error);
            setFailed(true);
          });
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
        </svg>
      </button>
      {failed ? (
        <span className="favourite-star__error" role="alert">
          {i18n._('stations.favourite.failed')}
        </span>
      ) : null}
    </>
  );
}
