/**
 * A station as the origin stores it (one JSON record per row): weekly opening hours with
 * dated exceptions, which the origin turns into the CMS shapes A or B of spec §3 for the
 * dates around "today" when it serves a station page (stations-page.ts). A malformed CMS
 * record is stored as it came, so that it reaches the page as it is (spec §5: shows '-').
 */
import { z } from 'zod';
import { LOCALES } from '#shared/locales';
import { DIET_CODES } from '#shared/station-constants';
import { foodMenuSchema, stationAddressFields, stationServiceFields, weeklyHoursSchema } from '#shared/stations';

/**
 * A name in each locale's language ("Lohikeitto", "Salmon soup", "Laxsoppa", "Laksesuppe");
 * `name` beside it is the station's own language, shown where a locale has none.
 */
const localizedNames = z.partialRecord(z.enum(LOCALES), z.string().min(1));
export type LocalizedNames = z.infer<typeof localizedNames>;

const priced = z.object({
  name: z.string(),
  names: localizedNames.optional(),
  price: z.number().nonnegative(),
  description: z.string().optional(),
});

export const stationRecordSchema = z.object({
  id: z.string().regex(/^[A-Z]{2}-\d{4,}$/),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: z.string().min(1),
  ...stationAddressFields,
  phone: z.string(),
  email: z.string(),
  ...stationServiceFields,
  hours: z.discriminatedUnion('format', [
    z.object({ format: z.enum(['A', 'B']), weekly: weeklyHoursSchema }),
    z.object({ format: z.literal('malformed'), raw: z.unknown() }),
  ]),
  /** Kitchen (a la carte) and lunch serving hours, shape A on the page. */
  kitchen: weeklyHoursSchema.optional(),
  lunchHours: weeklyHoursSchema.optional(),
  breakfastHours: weeklyHoursSchema.optional(),
  features: z.object({ lunchList: z.boolean(), foodMenu: z.boolean(), carwash: z.boolean() }),
  /** Dishes per weekday Monday..Friday; the page dates them in the current week. */
  lunchDishes: z
    .array(z.array(priced.extend({ diets: z.array(z.enum(DIET_CODES)) })))
    .length(5)
    .optional(),
  lunchListTitle: z.string().optional(),
  lunchListTitles: localizedNames.optional(),
  foodMenu: foodMenuSchema
    .extend({
      titles: localizedNames.optional(),
      sections: z.array(z.object({ title: z.string(), titles: localizedNames.optional(), items: z.array(priced) })),
    })
    .optional(),
  carwash: z.object({ programmes: z.array(priced) }).optional(),
});
export type StationRecord = z.infer<typeof stationRecordSchema>;
