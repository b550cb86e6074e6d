/**
 * United States subdivisions: FIPS state code (us-atlas ids), USPS code and the ISO 3166-2 code the
 * country map reads (`US-CA`), for the 50 states, the District of Columbia and the outlying areas.
 * Pure.
 */

export interface UsState {
  /** two-digit FIPS state code, as us-atlas keys its shapes */
  fips: string;
  /** USPS two-letter code */
  postal: string;
  /** ISO 3166-2 subdivision code */
  iso: string;
  name: string;
}

const ROWS = `01 AL Alabama
02 AK Alaska
04 AZ Arizona
05 AR Arkansas
06 CA California
08 CO Colorado
09 CT Connecticut
10 DE Delaware
11 DC District of Columbia
12 FL Florida
13 GA Georgia
15 HI Hawaii
16 ID Idaho
17 IL Illinois
18 IN Indiana
19 IA Iowa
20 KS Kansas
21 KY Kentucky
22 LA Louisiana
23 ME Maine
24 MD Maryland
25 MA Massachusetts
26 MI Michigan
27 MN Minnesota
28 MS Mississippi
29 MO Missouri
30 MT Montana
31 NE Nebraska
32 NV Nevada
33 NH New Hampshire
34 NJ New Jersey
35 NM New Mexico
36 NY New York
37 NC North Carolina
38 ND North Dakota
39 OH Ohio
40 OK Oklahoma
41 OR Oregon
42 PA Pennsylvania
44 RI Rhode Island
45 SC South Carolina
46 SD South Dakota
47 TN Tennessee
48 TX Texas
49 UT Utah
50 VT Vermont
51 VA Virginia
53 WA Washington
54 WV West Virginia
55 WI Wisconsin
56 WY Wyoming
60 AS American Samoa
66 GU Guam
69 MP Northern Mariana Islands
72 PR Puerto Rico
74 UM United States Minor Outlying Islands
78 VI United States Virgin Islands`;

export const US_STATES: readonly UsState[] = ROWS.split('\n').map((line) => {
  const [fips, postal, ...name] = line.split(' ');
  return { fips, postal, iso: `US-${postal}`, name: name.join(' ') };
});

const BY_FIPS = new Map(US_STATES.map((s) => [s.fips, s]));
const BY_CODE = new Map(US_STATES.flatMap((s) => [[s.postal, s] as const, [s.iso, s] as const]));

/** A state by its FIPS code ("06", also 6). */
export function usStateByFips(fips: unknown): UsState | null {
  if (typeof fips !== 'string' && typeof fips !== 'number') return null;
  return BY_FIPS.get(String(fips).trim().padStart(2, '0')) ?? null;
}

/** A state by its ISO 3166-2 code (`US-CA`) or USPS code (`CA`), any case. */
export function usStateByCode(code: unknown): UsState | null {
  if (typeof code !== 'string') return null;
  return BY_CODE.get(code.trim().toUpperCase()) ?? null;
}
