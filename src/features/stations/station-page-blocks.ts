/**
 * Which optional blocks a station page shows (spec §2 feature flags, §4 body order): the
 * lunch list and the food menu only when their flag is on (default off) and there is
 * something to show; the car-wash block only when its flag is on (default on), the locale
 * is fi-FI and the station has a car wash. The defaults are in stationDetailsSchema.
 */
import type { PageContent } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import type { StationDetails } from '#shared/stations';

export interface OptionalStationBlocks {
  lunchList: boolean;
  foodMenu: boolean;
  carwash: boolean;
}

export function optionalStationBlocks(
  station: Pick<StationDetails, 'features' | 'carwash'>,
  page: Pick<PageContent, 'lunchList' | 'foodMenu'>,
  locale: Locale,
): OptionalStationBlocks {
  return {
    lunchList: station.features.lunchList && page.lunchList !== undefined,
    foodMenu: station.features.foodMenu && page.foodMenu !== undefined,
    carwash: station.features.carwash && locale === 'fi-FI' && station.carwash !== undefined,
  };
}
