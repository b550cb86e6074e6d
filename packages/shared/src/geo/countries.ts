/**
 * Country lookups for the world map: a value of the chart's country column, read as the code
 * standard its `country_fieldtype` names (ISO alpha-2 or alpha-3, IOC code, or name), gives the
 * country; world-atlas shapes are keyed by ISO numeric ids. Pure; the table is parsed on first use.
 */
import { COUNTRY_TABLE } from './countryTable.js';

export interface Country {
  /** ISO 3166-1 alpha-2 */
  cca2: string;
  /** ISO 3166-1 alpha-3 */
  cca3: string;
  /** ISO 3166-1 numeric, three digits (world-atlas ids); null for Kosovo */
  ccn3: string | null;
  /** International Olympic Committee code; null for territories without a committee */
  cioc: string | null;
  /** common English name */
  name: string;
  /** the name and the other names sources write (official, World Bank and Natural Earth forms) */
  names: string[];
  /** where a bubble for the country goes */
  lng: number;
  lat: number;
}

/** The `country_fieldtype` choices: the code standard the country column holds. */
export const COUNTRY_FIELD_TYPES = ['name', 'cioc', 'cca2', 'cca3'] as const;
export type CountryFieldType = (typeof COUNTRY_FIELD_TYPES)[number];

interface Index {
  list: Country[];
  byField: Record<CountryFieldType, Map<string, Country>>;
  byNumeric: Map<string, Country>;
}

let index: Index | null = null;

/** Names compare without case, accents, punctuation or "the": `Côte d'Ivoire` = `cote divoire`. */
export function normalizeCountryName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

function parse(): Index {
  const list = COUNTRY_TABLE.split('\n')
    .filter((line) => line.trim() !== '')
    .map((line): Country => {
      const [cca2, cca3, ccn3, cioc, lng, lat, name, other = ''] = line.split('|');
      const names = [name, ...other.split(';').filter((n) => n !== '')];
      return { cca2, cca3, ccn3: ccn3 || null, cioc: cioc || null, name, names, lng: Number(lng), lat: Number(lat) };
    });
  const byField: Index['byField'] = { name: new Map(), cioc: new Map(), cca2: new Map(), cca3: new Map() };
  const byNumeric = new Map<string, Country>();
  for (const c of list) {
    byField.cca2.set(c.cca2, c);
    byField.cca3.set(c.cca3, c);
    if (c.cioc) byField.cioc.set(c.cioc, c);
    // the first country to claim a name keeps it ("Congo" is the Republic, as ISO names it)
    for (const n of c.names) if (!byField.name.has(normalizeCountryName(n))) byField.name.set(normalizeCountryName(n), c);
    if (c.ccn3) byNumeric.set(c.ccn3, c);
  }
  return { list, byField, byNumeric };
}

const getIndex = (): Index => (index ??= parse());

/** Every country of the table, in ISO name order. */
export const allCountries = (): readonly Country[] => getIndex().list;

/** The country a column value stands for, read as `fieldType`; null when none (the peer's "XXX"). */
export function findCountry(fieldType: CountryFieldType, value: unknown): Country | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (text === '') return null;
  const { byField } = getIndex();
  if (fieldType === 'name') return byField.name.get(normalizeCountryName(text)) ?? null;
  return byField[fieldType].get(text.toUpperCase()) ?? null;
}

/** The country of a world-atlas shape: its ISO numeric id ("004", also 4), else its name. */
export function countryOfShape(id: unknown, name: unknown): Country | null {
  if (typeof id === 'string' || typeof id === 'number') {
    const found = getIndex().byNumeric.get(String(id).padStart(3, '0'));
    if (found) return found;
  }
  return typeof name === 'string' ? findCountry('name', name) : null;
}

export const isCountryFieldType = (v: unknown): v is CountryFieldType => (COUNTRY_FIELD_TYPES as readonly unknown[]).includes(v);
