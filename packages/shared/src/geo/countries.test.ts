import { describe, expect, it } from 'vitest';
import { allCountries, countryOfShape, findCountry, normalizeCountryName } from './countries.js';
import { US_STATES, usStateByCode, usStateByFips } from './usStates.js';

describe('country table', () => {
  const list = allCountries();

  it('holds the 249 ISO 3166-1 countries and Kosovo, with unique codes', () => {
    expect(list).toHaveLength(250);
    for (const key of ['cca2', 'cca3', 'ccn3', 'cioc'] as const) {
      const codes = list.map((c) => c[key]).filter((v) => v !== null);
      expect(new Set(codes).size, key).toBe(codes.length);
    }
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.cca2) && /^[A-Z]{3}$/.test(c.cca3))).toBe(true);
    expect(list.every((c) => c.ccn3 === null || /^\d{3}$/.test(c.ccn3))).toBe(true);
  });

  it('every country has a bubble position on the globe', () => {
    for (const c of list) {
      expect(Math.abs(c.lng), c.name).toBeLessThanOrEqual(180);
      expect(Math.abs(c.lat), c.name).toBeLessThanOrEqual(90);
    }
    const fr = findCountry('cca2', 'FR');
    // metropolitan France, not an average with French Guiana
    expect(fr?.lng).toBeGreaterThan(-5);
    expect(fr?.lat).toBeGreaterThan(42);
  });
});

describe('findCountry: the value of the country column read as country_fieldtype', () => {
  it('reads ISO alpha-2, alpha-3 and IOC codes in any case', () => {
    expect(findCountry('cca2', 'us')?.cca3).toBe('USA');
    expect(findCountry('cca3', 'DEU')?.name).toBe('Germany');
    expect(findCountry('cioc', 'GER')?.cca3).toBe('DEU');
    expect(findCountry('cioc', 'SUI')?.cca2).toBe('CH');
    expect(findCountry('cca3', 'XXX')).toBeNull();
    expect(findCountry('cca2', null)).toBeNull();
  });

  it('reads names as sources write them', () => {
    expect(findCountry('name', 'United States')?.cca3).toBe('USA');
    expect(findCountry('name', 'United States of America')?.cca3).toBe('USA');
    expect(findCountry('name', 'south korea')?.cca3).toBe('KOR');
    expect(findCountry('name', 'Hong Kong, China')?.cca3).toBe('HKG');
    expect(findCountry('name', "Cote d'Ivoire")?.cca3).toBe('CIV');
    expect(findCountry('name', 'The Bahamas')?.cca3).toBe('BHS');
    expect(findCountry('name', 'Dem. Rep. Congo')?.cca3).toBe('COD');
    expect(findCountry('name', 'Congo')?.cca3).toBe('COG');
    expect(findCountry('name', 'Atlantis')).toBeNull();
  });

  it('every gapminder country name is found', () => {
    const gapminder =
      'Afghanistan|Argentina|Australia|Austria|Bahamas|Bangladesh|Barbados|Belgium|Bolivia|Brazil|Canada|Chile|China|Colombia|Costa Rica|Croatia|Cuba|Dominican Republic|Ecuador|Egypt|El Salvador|Finland|France|Georgia|Germany|Greece|Grenada|Haiti|Hong Kong, China|Iceland|India|Indonesia|Iran|Iraq|Ireland|Israel|Italy|Jamaica|Japan|Kenya|Lebanon|Mexico|Netherlands|New Zealand|Nigeria|North Korea|Norway|Pakistan|Peru|Philippines|Poland|Portugal|Rwanda|Saudi Arabia|South Africa|South Korea|Spain|Switzerland|Turkey|United Kingdom|United States|Venezuela';
    expect(gapminder.split('|').filter((n) => findCountry('name', n) === null)).toEqual([]);
  });

  it('a world-atlas shape is found by numeric id, else by name', () => {
    expect(countryOfShape('840', 'United States of America')?.cca3).toBe('USA');
    expect(countryOfShape(4, 'Afghanistan')?.cca3).toBe('AFG');
    expect(countryOfShape(undefined, 'Kosovo')?.cca3).toBe('XKX');
    expect(countryOfShape(undefined, 'Somaliland')).toBeNull();
  });

  it('names compare without accents, case and punctuation', () => {
    expect(normalizeCountryName("Côte d'Ivoire")).toBe('cote divoire');
    expect(normalizeCountryName('Bosnia & Herzegovina')).toBe('bosnia and herzegovina');
    expect(normalizeCountryName('The Gambia')).toBe('gambia');
  });
});

describe('US states', () => {
  it('50 states, DC and the outlying areas, each with its FIPS, USPS and ISO 3166-2 code', () => {
    expect(US_STATES).toHaveLength(57);
    expect(new Set(US_STATES.map((s) => s.fips)).size).toBe(57);
    expect(usStateByFips('06')).toEqual({ fips: '06', postal: 'CA', iso: 'US-CA', name: 'California' });
    expect(usStateByFips(6)?.iso).toBe('US-CA');
    expect(usStateByFips('11')?.iso).toBe('US-DC');
    expect(usStateByFips('99')).toBeNull();
  });

  it('a code is an ISO 3166-2 or USPS code, any case', () => {
    expect(usStateByCode('US-TX')?.fips).toBe('48');
    expect(usStateByCode('tx')?.name).toBe('Texas');
    expect(usStateByCode('us-pr')?.fips).toBe('72');
    expect(usStateByCode('XX')).toBeNull();
  });
});
