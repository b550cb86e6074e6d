/**
 * The countries world-atlas' 110m map draws a shape for (ISO alpha-3; Antarctica left off). Every
 * other country in the data is drawn as a dot at its centre, so small states (Singapore, Malta,
 * the Caribbean islands) still show their value. Checked against the atlas in atlas.test.ts.
 */
export const WORLD_SHAPES: ReadonlySet<string> = new Set(
  (
    'AFG AGO ALB ARE ARG ARM ATF AUS AUT AZE BDI BEL BEN BFA BGD BGR BHS BIH BLR BLZ BOL BRA BRN BTN BWA CAF CAN CHE CHL CHN ' +
    'CIV CMR COD COG COL CRI CUB CYP CZE DEU DJI DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA GAB GBR GEO GHA GIN ' +
    'GMB GNB GNQ GRC GRL GTM GUY HND HRV HTI HUN IDN IND IRL IRN IRQ ISL ISR ITA JAM JOR JPN KAZ KEN KGZ KHM KOR KWT LAO LBN ' +
    'LBR LBY LKA LSO LTU LUX LVA MAR MDA MDG MEX MKD MLI MMR MNE MNG MOZ MRT MWI MYS NAM NCL NER NGA NIC NLD NOR NPL NZL OMN ' +
    'PAK PAN PER PHL PNG POL PRI PRK PRT PRY PSE QAT ROU RUS RWA SAU SDN SEN SLB SLE SLV SOM SRB SSD SUR SVK SVN SWE SWZ SYR ' +
    'TCD TGO THA TJK TKM TLS TTO TUN TUR TWN TZA UGA UKR URY USA UZB VEN VNM VUT XKX YEM ZAF ZMB ZWE'
  ).split(' '),
);

/** The name the world map is registered under in ECharts. */
export const WORLD_MAP_NAME = 'rama-world';
