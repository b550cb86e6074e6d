/**
 * Numbers and dates in the reader's language (issue 30 item 4: "locale number and date formatting
 * in tables, tooltips and axes"). The web app calls {@link setFormatLanguage} when the language
 * changes; every formatter of this folder then writes that language's decimal and group marks,
 * month and day names and its adaptive date texts. The server never calls it: what it writes
 * (CSV, reports) stays in the English locale that files and scripts read back.
 */
import { formatLocale, type FormatLocaleDefinition, type FormatLocaleObject } from 'd3-format';
import { timeFormatLocale, type TimeLocaleDefinition, type TimeLocaleObject } from 'd3-time-format';
import type { Language } from '../i18n/languages.js';

/** d3's default locale, with an ASCII minus so values copy into spreadsheets as numbers. */
const NUMBER_LOCALES: Readonly<Record<Language, FormatLocaleDefinition>> = {
  en: { decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''], minus: '-' },
  // French groups with a narrow no-break space and writes the currency after the amount
  fr: { decimal: ',', thousands: '\u202f', grouping: [3], currency: ['', '\u00a0€'], minus: '-', percent: '\u202f%' },
  de: { decimal: ',', thousands: '.', grouping: [3], currency: ['', '\u00a0€'], minus: '-' },
};

const TIME_LOCALES: Readonly<Record<Language, TimeLocaleDefinition>> = {
  en: {
    dateTime: '%x, %X',
    date: '%-m/%-d/%Y',
    time: '%-I:%M:%S %p',
    periods: ['AM', 'PM'],
    days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortDays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  fr: {
    dateTime: '%A %e %B %Y à %X',
    date: '%d/%m/%Y',
    time: '%H:%M:%S',
    periods: ['AM', 'PM'],
    days: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
    shortDays: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
    shortMonths: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  },
  de: {
    dateTime: '%A, der %e. %B %Y, %X',
    date: '%d.%m.%Y',
    time: '%H:%M:%S',
    periods: ['AM', 'PM'],
    days: ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'],
    shortDays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    shortMonths: ['Jan', 'Feb', 'Mrz', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
  },
};

/**
 * The adaptive date texts per language (see `smartDate`): English reads '01 PM' and 'Mar 03', French
 * '13h' and '03 mars', German '13 Uhr' and '03. Mrz'.
 */
export interface SmartDateFormats {
  millisecond: string;
  second: string;
  minute: string;
  hour: string;
  day: string;
  week: string;
  month: string;
  year: string;
}
const SMART_DATE_FORMATS: Readonly<Record<Language, SmartDateFormats>> = {
  en: { millisecond: '.%Lms', second: ':%S', minute: '%I:%M', hour: '%I %p', day: '%a %d', week: '%b %d', month: '%B', year: '%Y' },
  fr: { millisecond: '.%Lms', second: ':%S', minute: '%H:%M', hour: '%Hh', day: '%a %d', week: '%d %b', month: '%B', year: '%Y' },
  de: { millisecond: '.%Lms', second: ':%S', minute: '%H:%M', hour: '%H Uhr', day: '%a %d.', week: '%d. %b', month: '%B', year: '%Y' },
};

export interface FormatLocale {
  language: Language;
  number: FormatLocaleObject;
  time: TimeLocaleObject;
  smartDate: SmartDateFormats;
}

function build(language: Language): FormatLocale {
  return {
    language,
    number: formatLocale(NUMBER_LOCALES[language]),
    time: timeFormatLocale(TIME_LOCALES[language]),
    smartDate: SMART_DATE_FORMATS[language],
  };
}

let current: FormatLocale = build('en');
const listeners = new Set<() => void>();

/** The locale every formatter of this folder writes in now. */
export function formatLocaleNow(): FormatLocale {
  return current;
}

/** Writes numbers and dates in `language` from now on (the formatters' caches start again). */
export function setFormatLanguage(language: Language): void {
  if (current.language === language) return;
  current = build(language);
  for (const listener of listeners) listener();
}

/** Called when the language changes (each formatter module drops what it built for the old one). */
export function onFormatLanguageChange(listener: () => void): void {
  listeners.add(listener);
}
