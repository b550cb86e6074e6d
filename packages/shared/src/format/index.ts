/** Number and time formatting for charts, tables and tooltips (spec section 9). */
export { NULL_VALUE_TEXT, formatMemory, formatNumber, getNumberFormatter, smartNumber, type NumberFormatter } from './number.js';
export { formatDuration, type DurationOptions } from './duration.js';
export {
  CURRENCY_POSITION_CHOICES,
  chartValueFormatter,
  currencyCodes,
  currencyControlValue,
  currencyOptionLabel,
  currencySymbol,
  getCurrencyFormatter,
  metricValueFormatter,
  parseCurrency,
  type Currency,
} from './currency.js';
export {
  TIME_FORMAT_FOR_GRAIN,
  formatTime,
  getTimeFormatter,
  getTimeFormatterForGranularity,
  smartDate,
  toDate,
  type TimeFormatter,
  type TimeValue,
} from './time.js';
export { formatLocaleNow, setFormatLanguage, type FormatLocale } from './locale.js';
