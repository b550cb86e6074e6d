/**
 * Form data pieces for the example charts (adhoc filters, SQL columns, the time axis, what several
 * charts share). They live in @rama/shared (viz/exampleFormData.ts) because each chart type's own
 * example chart (viz/<type>/example.ts) is written with them too.
 */
import { EXAMPLE_FORM_DATA } from '@rama/shared';

export const { filter, timeRange, sqlColumn, timeAxis, FLIGHT_WEEKS, FLIGHT_MONTHS, BUSIEST_AIRPORTS, REGION, YEAR, IN_2005 } =
  EXAMPLE_FORM_DATA;
