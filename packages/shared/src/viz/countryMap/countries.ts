/**
 * The countries the country map offers (`select_country`), by the keys the BI server's country map
 * saves, so a chart built there keeps its country here. Rama draws the United States from us-atlas;
 * any other country's subdivisions come from a GeoJSON file an administrator places in
 * `RAMA_HOME/maps/<key>.geojson` (see the README), fetched from `/api/v1/country_map/<key>`.
 */

/** Countries whose subdivisions ship with Rama. */
export const BUNDLED_COUNTRY_MAPS = ['usa'] as const;

const KEYS = [
  'afghanistan',
  'albania',
  'algeria',
  'argentina',
  'australia',
  'austria',
  'belgium',
  'bolivia',
  'brazil',
  'bulgaria',
  'burundi',
  'canada',
  'chile',
  'china',
  'colombia',
  'costa_rica',
  'cuba',
  'cyprus',
  'denmark',
  'dominican_republic',
  'ecuador',
  'egypt',
  'el_salvador',
  'estonia',
  'ethiopia',
  'finland',
  'france',
  'france_regions',
  'germany',
  'guatemala',
  'haiti',
  'honduras',
  'iceland',
  'india',
  'indonesia',
  'iran',
  'italy',
  'italy_regions',
  'japan',
  'jordan',
  'kazakhstan',
  'kenya',
  'korea',
  'kuwait',
  'kyrgyzstan',
  'latvia',
  'liechtenstein',
  'lithuania',
  'malaysia',
  'mexico',
  'morocco',
  'myanmar',
  'netherlands',
  'nicaragua',
  'nigeria',
  'norway',
  'oman',
  'pakistan',
  'panama',
  'papua_new_guinea',
  'paraguay',
  'peru',
  'philippines',
  'poland',
  'portugal',
  'puerto_rico',
  'qatar',
  'russia',
  'rwanda',
  'saint_barthelemy',
  'saint_martin',
  'saudi_arabia',
  'singapore',
  'slovenia',
  'spain',
  'srilanka',
  'sweden',
  'switzerland',
  'syria',
  'tajikistan',
  'tanzania',
  'thailand',
  'timorleste',
  'turkey',
  'turkmenistan',
  'uganda',
  'uk',
  'ukraine',
  'united_arab_emirates',
  'uruguay',
  'usa',
  'uzbekistan',
  'venezuela',
  'vietnam',
  'zambia',
];

const SPECIAL_LABELS: Record<string, string> = {
  usa: 'USA',
  uk: 'UK',
  italy_regions: 'Italy (regions)',
  france_regions: 'France (regions)',
  srilanka: 'Sri Lanka',
  timorleste: 'Timor-Leste',
};

/** A key as a user reads it: `costa_rica` → Costa Rica. */
export function countryMapLabel(key: string): string {
  return (
    SPECIAL_LABELS[key] ??
    key
      .split('_')
      .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
      .join(' ')
  );
}

/** `[key, label]` choices, the built-in ones first. */
export const COUNTRY_MAP_CHOICES: [string, string][] = [
  ...BUNDLED_COUNTRY_MAPS.map((k): [string, string] => [k, countryMapLabel(k)]),
  ...KEYS.filter((k) => !(BUNDLED_COUNTRY_MAPS as readonly string[]).includes(k)).map((k): [string, string] => [k, countryMapLabel(k)]),
];

/**
 * What a country key may be: lower-case letters, digits and underscores, starting with a letter.
 * The server serves `RAMA_HOME/maps/<key>.geojson` only for such a key, so a key is never a path.
 */
export const COUNTRY_MAP_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

export const isCountryMapKey = (v: unknown): v is string => typeof v === 'string' && COUNTRY_MAP_KEY_PATTERN.test(v);
