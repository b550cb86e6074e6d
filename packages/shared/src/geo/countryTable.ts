/**
 * ISO 3166-1 countries (and Kosovo, which has no ISO code but a common user-assigned one): alpha-2,
 * alpha-3, numeric, the International Olympic Committee code where the country has one, a centre
 * for bubbles (longitude, latitude), the common English name and other names data sources use.
 *
 * Codes and names follow the ISO 3166-1 list; IOC codes the IOC member list. The centres were
 * computed once from world-atlas's countries-50m.json (the area centroid of each country's largest
 * polygon) and, for the few territories that file lacks, set by hand. One row per line:
 * `alpha2|alpha3|numeric|ioc|lng|lat|name|other names separated by ;`.
 */
export const COUNTRY_TABLE = `AF|AFG|004|AFG|66|33.8|Afghanistan
AX|ALA|248||19.9|60.2|Åland Islands|Aland
AL|ALB|008|ALB|20|41.1|Albania
DZ|DZA|012|ALG|2.6|28.2|Algeria
AS|ASM|016|ASA|-170.7|-14.3|American Samoa
AD|AND|020|AND|1.6|42.5|Andorra
AO|AGO|024|ANG|17.6|-12.3|Angola
AI|AIA|660||-63.1|18.2|Anguilla
AQ|ATA|010||-47.8|-79.4|Antarctica
AG|ATG|028|ANT|-61.8|17.1|Antigua and Barbuda|Antigua
AR|ARG|032|ARG|-65.2|-35.2|Argentina
AM|ARM|051|ARM|44.9|40.3|Armenia
AW|ABW|533|ARU|-70|12.5|Aruba
AU|AUS|036|AUS|134.4|-25.6|Australia
AT|AUT|040|AUT|14.1|47.6|Austria
AZ|AZE|031|AZE|47.7|40.3|Azerbaijan
BS|BHS|044|BAH|-78|24.7|Bahamas|The Bahamas;Bahamas, The
BH|BHR|048|BRN|50.5|26|Bahrain
BD|BGD|050|BAN|90.2|23.9|Bangladesh
BB|BRB|052|BAR|-59.6|13.2|Barbados
BY|BLR|112|BLR|28|53.5|Belarus
BE|BEL|056|BEL|4.6|50.6|Belgium
BZ|BLZ|084|BIZ|-88.7|17.2|Belize
BJ|BEN|204|BEN|2.3|9.6|Benin
BM|BMU|060|BER|-64.8|32.3|Bermuda
BT|BTN|064|BHU|90.4|27.4|Bhutan
BO|BOL|068|BOL|-64.7|-16.7|Bolivia|Bolivia, Plurinational State of
BQ|BES|535||-68.3|12.2|Caribbean Netherlands|Bonaire, Sint Eustatius and Saba;Bonaire
BA|BIH|070|BIH|17.8|44.2|Bosnia and Herzegovina|Bosnia and Herz.;Bosnia
BW|BWA|072|BOT|23.8|-22.2|Botswana
BV|BVT|074||3.4|-54.4|Bouvet Island
BR|BRA|076|BRA|-53.1|-10.8|Brazil
IO|IOT|086||72.4|-7.3|British Indian Ocean Territory
BN|BRN|096|BRU|114.6|4.5|Brunei|Brunei Darussalam
BG|BGR|100|BUL|25.2|42.8|Bulgaria
BF|BFA|854|BUR|-1.8|12.3|Burkina Faso
BI|BDI|108|BDI|29.9|-3.4|Burundi
CV|CPV|132|CPV|-23.6|15.1|Cape Verde|Cabo Verde
KH|KHM|116|CAM|104.9|12.7|Cambodia
CM|CMR|120|CMR|12.7|5.7|Cameroon
CA|CAN|124|CAN|-102.4|57.9|Canada
KY|CYM|136|CAY|-81.3|19.3|Cayman Islands
CF|CAF|140|CAF|20.5|6.6|Central African Republic|Central African Rep.
TD|TCD|148|CHA|18.6|15.3|Chad
CL|CHL|152|CHI|-71.3|-35.7|Chile
CN|CHN|156|CHN|103.8|36.6|China
CX|CXR|162||105.7|-10.5|Christmas Island
CC|CCK|166||96.8|-12.2|Cocos (Keeling) Islands|Cocos Islands
CO|COL|170|COL|-73.1|3.9|Colombia
KM|COM|174|COM|43.3|-11.7|Comoros
CG|COG|178|CGO|15.2|-0.8|Republic of the Congo|Congo;Congo, Rep.;Congo-Brazzaville
CD|COD|180|COD|23.6|-2.9|DR Congo|Democratic Republic of the Congo;Dem. Rep. Congo;Congo, Dem. Rep.;Congo-Kinshasa
CK|COK|184|COK|-159.8|-21.2|Cook Islands
CR|CRI|188|CRC|-84.2|10|Costa Rica
CI|CIV|384|CIV|-5.6|7.6|Ivory Coast|Côte d'Ivoire
HR|HRV|191|CRO|16.4|45.2|Croatia
CU|CUB|192|CUB|-78.9|21.6|Cuba
CW|CUW|531||-69|12.2|Curaçao
CY|CYP|196|CYP|33|34.9|Cyprus
CZ|CZE|203|CZE|15.3|49.7|Czechia|Czech Republic
DK|DNK|208|DEN|9.4|56.2|Denmark
DJ|DJI|262|DJI|42.6|11.7|Djibouti
DM|DMA|212|DMA|-61.4|15.4|Dominica
DO|DOM|214|DOM|-70.5|18.9|Dominican Republic|Dominican Rep.
EC|ECU|218|ECU|-78.4|-1.4|Ecuador
EG|EGY|818|EGY|29.9|26.5|Egypt|Egypt, Arab Rep.
SV|SLV|222|ESA|-88.9|13.7|El Salvador
GQ|GNQ|226|GEQ|10.5|1.6|Equatorial Guinea|Eq. Guinea
ER|ERI|232|ERI|38.8|15.4|Eritrea
EE|EST|233|EST|25.8|58.7|Estonia
SZ|SWZ|748|SWZ|31.5|-26.6|Eswatini|Swaziland
ET|ETH|231|ETH|39.6|8.6|Ethiopia
FK|FLK|238||-58.8|-51.7|Falkland Islands|Falkland Is.;Falkland Islands (Malvinas)
FO|FRO|234||-6.9|62.2|Faroe Islands|Faeroe Islands
FJ|FJI|242|FIJ|178|-17.8|Fiji
FI|FIN|246|FIN|26.3|64.5|Finland
FR|FRA|250|FRA|2.5|46.6|France
GF|GUF|254||-53.1|3.9|French Guiana
PF|PYF|258||-149.4|-17.7|French Polynesia
TF|ATF|260||69.5|-49.3|French Southern and Antarctic Lands|Fr. S. Antarctic Lands;French Southern Territories
GA|GAB|266|GAB|11.8|-0.6|Gabon
GM|GMB|270|GAM|-15.4|13.4|Gambia|The Gambia;Gambia, The
GE|GEO|268|GEO|43.5|42.2|Georgia
DE|DEU|276|GER|10.4|51.1|Germany
GH|GHA|288|GHA|-1.2|8|Ghana
GI|GIB|292||-5.4|36.1|Gibraltar
GR|GRC|300|GRE|22.6|39.5|Greece
GL|GRL|304||-41.4|74.7|Greenland
GD|GRD|308|GRN|-61.7|12.1|Grenada
GP|GLP|312||-61.6|16.3|Guadeloupe
GU|GUM|316|GUM|144.8|13.4|Guam
GT|GTM|320|GUA|-90.4|15.7|Guatemala
GG|GGY|831||-2.6|49.5|Guernsey
GN|GIN|324|GUI|-10.9|10.4|Guinea
GW|GNB|624|GBS|-14.9|12.1|Guinea-Bissau
GY|GUY|328|GUY|-59|4.8|Guyana
HT|HTI|332|HAI|-72.7|18.9|Haiti
HM|HMD|334||73.5|-53.1|Heard Island and McDonald Islands
VA|VAT|336||12.4|41.9|Vatican City|Holy See
HN|HND|340|HON|-86.6|14.8|Honduras
HK|HKG|344|HKG|114.1|22.4|Hong Kong|Hong Kong, China;Hong Kong SAR, China
HU|HUN|348|HUN|19.4|47.2|Hungary
IS|ISL|352|ISL|-18.6|65|Iceland
IN|IND|356|IND|79.6|22.9|India
ID|IDN|360|INA|114|-0.2|Indonesia
IR|IRN|364|IRI|54.3|32.6|Iran|Iran, Islamic Republic of;Iran, Islamic Rep.
IQ|IRQ|368|IRQ|43.7|33|Iraq
IE|IRL|372|IRL|-8.1|53.2|Ireland
IM|IMN|833||-4.5|54.2|Isle of Man
IL|ISR|376|ISR|35|31.5|Israel
IT|ITA|380|ITA|12.1|43.5|Italy
JM|JAM|388|JAM|-77.3|18.2|Jamaica
JP|JPN|392|JPN|138|36.7|Japan
JE|JEY|832||-2.1|49.2|Jersey
JO|JOR|400|JOR|36.8|31.2|Jordan
KZ|KAZ|398|KAZ|67.3|48.2|Kazakhstan
KE|KEN|404|KEN|37.8|0.6|Kenya
KI|KIR|296|KIR|-157.4|1.9|Kiribati
KP|PRK|408|PRK|127.2|40.2|North Korea|Korea, Democratic People's Republic of;Korea, Dem. People's Rep.;DPRK
KR|KOR|410|KOR|127.9|36.5|South Korea|Korea, Republic of;Korea, Rep.;Republic of Korea;Korea
XK|XKX||KOS|20.9|42.6|Kosovo
KW|KWT|414|KUW|47.6|29.3|Kuwait
KG|KGZ|417|KGZ|74.5|41.5|Kyrgyzstan|Kyrgyz Republic
LA|LAO|418|LAO|103.7|18.5|Laos|Lao People's Democratic Republic;Lao PDR
LV|LVA|428|LAT|24.9|56.9|Latvia
LB|LBN|422|LBN|35.9|33.9|Lebanon
LS|LSO|426|LES|28.2|-29.6|Lesotho
LR|LBR|430|LBR|-9.3|6.5|Liberia
LY|LBY|434|LBA|18|27|Libya
LI|LIE|438|LIE|9.5|47.1|Liechtenstein
LT|LTU|440|LTU|23.9|55.3|Lithuania
LU|LUX|442|LUX|6.1|49.8|Luxembourg
MO|MAC|446||113.5|22.2|Macau|Macao;Macao SAR, China
MG|MDG|450|MAD|46.7|-19.4|Madagascar
MW|MWI|454|MAW|34.3|-13.2|Malawi
MY|MYS|458|MAS|114.7|3.6|Malaysia
MV|MDV|462|MDV|73.5|4.2|Maldives
ML|MLI|466|MLI|-3.5|17.3|Mali
MT|MLT|470|MLT|14.4|35.9|Malta
MH|MHL|584|MHL|171.2|7.1|Marshall Islands
MQ|MTQ|474||-61|14.7|Martinique
MR|MRT|478|MTN|-10.3|20.3|Mauritania
MU|MUS|480|MRI|57.6|-20.3|Mauritius
YT|MYT|175||45.1|-12.8|Mayotte
MX|MEX|484|MEX|-102.5|23.9|Mexico
FM|FSM|583|FSM|158.2|6.9|Micronesia|Micronesia, Federated States of;Federated States of Micronesia
MD|MDA|498|MDA|28.5|47.2|Moldova|Moldova, Republic of
MC|MCO|492|MON|7.4|43.8|Monaco
MN|MNG|496|MGL|103.1|46.8|Mongolia
ME|MNE|499|MNE|19.2|42.8|Montenegro
MS|MSR|500||-62.2|16.7|Montserrat
MA|MAR|504|MAR|-8.5|29.8|Morocco
MZ|MOZ|508|MOZ|35.5|-17.3|Mozambique
MM|MMR|104|MYA|96.5|21.2|Myanmar|Burma
NA|NAM|516|NAM|17.2|-22.1|Namibia
NR|NRU|520|NRU|166.9|-0.5|Nauru
NP|NPL|524|NEP|83.9|28.2|Nepal
NL|NLD|528|NED|5.6|52.3|Netherlands|The Netherlands;Holland
NC|NCL|540||165.5|-21.3|New Caledonia
NZ|NZL|554|NZL|170.5|-44|New Zealand
NI|NIC|558|NCA|-85|12.8|Nicaragua
NE|NER|562|NIG|9.4|17.4|Niger
NG|NGA|566|NGR|8.1|9.6|Nigeria
NU|NIU|570||-169.9|-19|Niue
NF|NFK|574||167.9|-29.1|Norfolk Island
MK|MKD|807|MKD|21.7|41.6|North Macedonia|Macedonia;Republic of North Macedonia;Macedonia, FYR
MP|MNP|580||145.7|15.2|Northern Mariana Islands|Commonwealth of the Northern Mariana Islands
NO|NOR|578|NOR|13.9|64.2|Norway
OM|OMN|512|OMA|56.1|20.6|Oman
PK|PAK|586|PAK|69.3|29.9|Pakistan
PW|PLW|585|PLW|134.6|7.5|Palau
PS|PSE|275|PLE|35.2|31.9|Palestine|Palestine, State of;West Bank and Gaza
PA|PAN|591|PAN|-80.1|8.5|Panama
PG|PNG|598|PNG|144.2|-6.6|Papua New Guinea
PY|PRY|600|PAR|-58.4|-23.2|Paraguay
PE|PER|604|PER|-74.4|-9.2|Peru
PH|PHL|608|PHI|121.4|16|Philippines
PN|PCN|612||-128.3|-24.4|Pitcairn Islands|Pitcairn
PL|POL|616|POL|19.4|52.1|Poland
PT|PRT|620|POR|-8|39.7|Portugal
PR|PRI|630|PUR|-66.5|18.2|Puerto Rico
QA|QAT|634|QAT|51.2|25.3|Qatar
RE|REU|638||55.5|-21.1|Réunion
RO|ROU|642|ROU|25|45.9|Romania
RU|RUS|643|RUS|99.7|61.7|Russia|Russian Federation
RW|RWA|646|RWA|29.9|-2|Rwanda
BL|BLM|652||-62.8|17.9|Saint Barthélemy|St. Barthélemy
SH|SHN|654||-5.7|-16|Saint Helena, Ascension and Tristan da Cunha|Saint Helena
KN|KNA|659|SKN|-62.7|17.3|Saint Kitts and Nevis|St. Kitts and Nevis
LC|LCA|662|LCA|-61|13.9|Saint Lucia|St. Lucia
MF|MAF|663||-63.1|18.1|Saint Martin|St. Martin
PM|SPM|666||-56.3|46.9|Saint Pierre and Miquelon
VC|VCT|670|VIN|-61.2|13.3|Saint Vincent and the Grenadines|St. Vincent and the Grenadines
WS|WSM|882|SAM|-172.4|-13.6|Samoa
SM|SMR|674|SMR|12.5|43.9|San Marino
ST|STP|678|STP|6.6|0.2|São Tomé and Príncipe
SA|SAU|682|KSA|44.5|24.1|Saudi Arabia
SN|SEN|686|SEN|-14.5|14.4|Senegal
RS|SRB|688|SRB|20.8|44.2|Serbia
SC|SYC|690|SEY|55.5|-4.7|Seychelles
SL|SLE|694|SLE|-11.8|8.6|Sierra Leone
SG|SGP|702|SGP|103.8|1.4|Singapore
SX|SXM|534||-63.1|18.1|Sint Maarten
SK|SVK|703|SVK|19.5|48.7|Slovakia|Slovak Republic
SI|SVN|705|SLO|14.8|46.1|Slovenia
SB|SLB|090|SOL|160.2|-9.6|Solomon Islands|Solomon Is.
SO|SOM|706|SOM|45.7|4.8|Somalia
ZA|ZAF|710|RSA|25.2|-29|South Africa
GS|SGS|239||-36.7|-54.4|South Georgia|South Georgia and the South Sandwich Islands
SS|SSD|728|SSD|30.2|7.3|South Sudan|S. Sudan
ES|ESP|724|ESP|-3.6|40.4|Spain
LK|LKA|144|SRI|80.7|7.6|Sri Lanka
SD|SDN|729|SUD|29.9|16|Sudan
SR|SUR|740|SUR|-55.9|4.1|Suriname
SJ|SJM|744||16|78.5|Svalbard and Jan Mayen
SE|SWE|752|SWE|16.7|62.8|Sweden
CH|CHE|756|SUI|8.2|46.8|Switzerland
SY|SYR|760|SYR|38.5|35|Syria|Syrian Arab Republic
TW|TWN|158|TPE|121|23.8|Taiwan
TJ|TJK|762|TJK|71|38.5|Tajikistan
TZ|TZA|834|TAN|34.8|-6.3|Tanzania|Tanzania, United Republic of
TH|THA|764|THA|101|15.1|Thailand
TL|TLS|626|TLS|125.9|-8.8|Timor-Leste|East Timor
TG|TGO|768|TOG|1|8.5|Togo
TK|TKL|772||-171.9|-9.2|Tokelau
TO|TON|776|TGA|-175.2|-21.2|Tonga
TT|TTO|780|TTO|-61.3|10.4|Trinidad and Tobago
TN|TUN|788|TUN|9.5|34.1|Tunisia
TR|TUR|792|TUR|35.4|39|Turkey|Türkiye
TM|TKM|795|TKM|59.4|39.1|Turkmenistan
TC|TCA|796||-71.7|21.8|Turks and Caicos Islands
TV|TUV|798|TUV|179.2|-8.5|Tuvalu
UG|UGA|800|UGA|32.4|1.3|Uganda
UA|UKR|804|UKR|31.3|49.2|Ukraine
AE|ARE|784|UAE|54.3|23.9|United Arab Emirates|UAE
GB|GBR|826|GBR|-2.5|53.9|United Kingdom|UK;Great Britain;United Kingdom of Great Britain and Northern Ireland
US|USA|840|USA|-99.1|39.5|United States|United States of America;USA;US
UM|UMI|581||166.6|19.3|United States Minor Outlying Islands
UY|URY|858|URU|-56|-32.8|Uruguay
UZ|UZB|860|UZB|63.1|41.8|Uzbekistan
VU|VUT|548|VAN|166.8|-15.2|Vanuatu
VE|VEN|862|VEN|-66.2|7.1|Venezuela|Venezuela, Bolivarian Republic of;Venezuela, RB
VN|VNM|704|VIE|106.3|16.7|Vietnam|Viet Nam
VG|VGB|092|IVB|-64.6|18.4|British Virgin Islands|Virgin Islands, British
VI|VIR|850|ISV|-64.8|17.7|United States Virgin Islands|U.S. Virgin Islands;Virgin Islands, U.S.
WF|WLF|876||-178.1|-14.3|Wallis and Futuna
EH|ESH|732||-12.2|24.2|Western Sahara|W. Sahara
YE|YEM|887|YEM|47.5|15.9|Yemen|Yemen, Rep.
ZM|ZMB|894|ZAM|27.8|-13.5|Zambia
ZW|ZWE|716|ZIM|29.9|-19|Zimbabwe`;
