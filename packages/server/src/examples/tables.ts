/**
 * What the examples database holds: every table's source file in vega-datasets, description and
 * typed columns, plus the few tables that need a custom SELECT. The loader is in load.ts.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
export type SqlType = 'VARCHAR' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'DATE' | 'TIMESTAMP';

export interface ColumnOptions {
  /** target column name; default: the snake_case form of the source name */
  as?: string;
  /** SQL expression computing the value from the read columns (quoted source names); default: the source column */
  expr?: string;
  /** type the reader gives the source column; default: the target type */
  read?: string;
  /** column comment; default: the field description from vega-datasets' datapackage.json, if any */
  comment?: string;
}

/** `[source column name, target type, options]` */
export type Column = readonly [string, SqlType, ColumnOptions?];

export interface TableSpec {
  /** snake_case table name */
  name: string;
  /** file name inside the vega-datasets `data` folder */
  file: string;
  format: 'csv' | 'tsv' | 'json';
  description: string;
  /** For csv/tsv: every column of the file, in file order. For json: the keys to read. */
  columns: readonly Column[];
}

export interface CustomTableSpec {
  name: string;
  file: string;
  description: string;
  /** builds the SELECT producing the table from the absolute file path */
  select: (conn: DuckDBConnection, file: string) => Promise<string>;
  /** column comments, by target column name */
  comments?: Record<string, string>;
}

export type AnySpec = TableSpec | CustomTableSpec;

const V = 'VARCHAR';
const I = 'INTEGER';
const BI = 'BIGINT';
const D = 'DOUBLE';

/** strptime of a VARCHAR source column with the given format, as a DATE */
const dateFrom = (col: string, format: string): ColumnOptions => ({
  read: V,
  expr: `CAST(strptime(${ident(col)}, ${lit(format)}) AS DATE)`,
});

/** A DATE source column that only ever holds 1 January of a year: keep the year. */
const yearOfDate = (col: string): ColumnOptions => ({ read: 'DATE', expr: `year(${ident(col)})` });

export const TABLES: readonly AnySpec[] = [
  {
    name: 'flights',
    file: 'flights-3m.parquet',
    description:
      'US domestic flights, January to June 2001 (3 million rows): departure time, delay in minutes, distance in miles, origin and destination airport codes.',
    select: flightsSelect,
    comments: {
      date: 'Departure date and time',
      delay: 'Delay in minutes (negative: ahead of schedule)',
      distance: 'Flight distance in miles',
      origin: 'Origin airport IATA code (see airports.iata)',
      destination: 'Destination airport IATA code (see airports.iata)',
    },
  },
  {
    name: 'flights_airport',
    file: 'flights-airport.csv',
    format: 'csv',
    description: 'Number of US flights in 2008 between each pair of origin and destination airports.',
    columns: [
      ['origin', V],
      ['destination', V],
      ['count', I],
    ],
  },
  {
    name: 'airports',
    file: 'airports.csv',
    format: 'csv',
    description: 'Airports in the United States and its territories with IATA code, name, city, state and coordinates.',
    columns: [
      ['iata', V],
      ['name', V],
      ['city', V],
      ['state', V],
      ['country', V],
      ['latitude', D],
      ['longitude', D],
    ],
  },
  {
    name: 'stocks',
    file: 'stocks.csv',
    format: 'csv',
    description: 'Monthly stock prices of AAPL, AMZN, GOOG, IBM and MSFT from 2000 to 2010.',
    columns: [
      ['symbol', V],
      ['date', 'DATE', dateFrom('date', '%b %d %Y')],
      ['price', D],
    ],
  },
  {
    name: 'sp500',
    file: 'sp500.csv',
    format: 'csv',
    description: 'Monthly closing values of the S&P 500 index, January 2000 to March 2010.',
    columns: [
      ['date', 'DATE', dateFrom('date', '%b %d %Y')],
      ['price', D],
    ],
  },
  {
    name: 'sp500_2000',
    file: 'sp500-2000.csv',
    format: 'csv',
    description: 'Daily S&P 500 index values (open, high, low, close, volume) from 2000 to 2020.',
    columns: [
      ['date', 'DATE'],
      ['open', D],
      ['high', D],
      ['low', D],
      ['close', D],
      ['adjclose', D],
      ['volume', BI],
    ],
  },
  {
    name: 'gapminder',
    file: 'gapminder.json',
    format: 'json',
    description: 'Population, life expectancy and fertility by country, every five years from 1955 to 2005 (Gapminder).',
    columns: [
      ['year', I],
      ['country', V],
      ['cluster', I, { comment: 'Region cluster (0 to 5)' }],
      ['pop', BI],
      ['life_expect', D],
      ['fertility', D],
    ],
  },
  {
    name: 'gapminder_health_income',
    file: 'gapminder-health-income.csv',
    format: 'csv',
    description: 'Per-capita income, life expectancy, population and region by country (Gapminder).',
    columns: [
      ['country', V],
      ['income', I],
      ['health', D],
      ['population', BI],
      ['region', V],
    ],
  },
  {
    name: 'countries',
    file: 'countries.json',
    format: 'json',
    description: 'Life expectancy and fertility by country, 1955 to 2000, with the previous and next observations (Gapminder).',
    columns: [
      ['year', I],
      ['country', V],
      ['fertility', D],
      ['life_expect', D],
      ['p_fertility', D, { comment: 'Fertility at the previous observation' }],
      ['p_life_expect', D, { comment: 'Life expectancy at the previous observation' }],
      ['n_fertility', D, { comment: 'Fertility at the next observation' }],
      ['n_life_expect', D, { comment: 'Life expectancy at the next observation' }],
    ],
  },
  {
    name: 'seattle_weather',
    file: 'seattle-weather.csv',
    format: 'csv',
    description: 'Daily weather in Seattle, 2012 to 2015: precipitation (mm), temperatures (°C), wind (m/s) and weather type.',
    columns: [
      ['date', 'DATE'],
      ['precipitation', D],
      ['temp_max', D],
      ['temp_min', D],
      ['wind', D],
      ['weather', V],
    ],
  },
  {
    name: 'seattle_weather_hourly_normals',
    file: 'seattle-weather-hourly-normals.csv',
    format: 'csv',
    description: 'Hourly 1981-2010 climate normals for Seattle (pressure, temperature, wind), laid out on the year 2010.',
    columns: [
      ['date', 'TIMESTAMP'],
      ['pressure', D],
      ['temperature', D],
      ['wind', D],
    ],
  },
  {
    name: 'weather',
    file: 'weather.csv',
    format: 'csv',
    description: 'Daily weather in Seattle and New York, 2012 to 2015: precipitation, temperatures, wind and weather type.',
    columns: [
      ['location', V],
      ['date', 'DATE'],
      ['precipitation', D],
      ['temp_max', D],
      ['temp_min', D],
      ['wind', D],
      ['weather', V],
    ],
  },
  {
    name: 'weekly_weather',
    file: 'weekly-weather.json',
    format: 'json',
    description: 'Ten days of record, normal, actual and forecast high/low temperatures (°F), an instructional dataset.',
    columns: [
      ['day', V],
      ['id', I],
      ...(['record', 'normal', 'actual'] as const).flatMap((k) =>
        (['high', 'low'] as const).map((h): Column => [
          k,
          I,
          { as: `${k}_${h}`, read: 'STRUCT(high INTEGER, low INTEGER)', expr: `${ident(k)}.${h}` },
        ]),
      ),
      ...(['high', 'low'] as const).flatMap((a) =>
        (['high', 'low'] as const).map((b): Column => [
          'forecast',
          I,
          {
            as: `forecast_${a}_${b}`,
            read: 'STRUCT(high STRUCT(high INTEGER, low INTEGER), low STRUCT(high INTEGER, low INTEGER))',
            expr: `"forecast".${a}.${b}`,
          },
        ]),
      ),
    ],
  },
  {
    name: 'cars',
    file: 'cars.json',
    format: 'json',
    description: 'Specifications of 406 car models from 1970 to 1982: fuel economy, cylinders, horsepower, weight and origin.',
    columns: [
      ['Name', V],
      ['Miles_per_Gallon', D],
      ['Cylinders', I],
      ['Displacement', D],
      ['Horsepower', I],
      ['Weight_in_lbs', I],
      ['Acceleration', D],
      ['Year', 'DATE', { comment: 'Model year (1 January of the year)' }],
      ['Origin', V],
    ],
  },
  {
    name: 'movies',
    file: 'movies.json',
    format: 'json',
    description: 'Films with box office grosses, budgets, genres and IMDB / Rotten Tomatoes ratings (contains known data quality issues).',
    columns: [
      ['Title', V],
      ['US Gross', BI],
      ['Worldwide Gross', BI],
      ['US DVD Sales', BI],
      ['Production Budget', BI],
      [
        'Release Date',
        'DATE',
        {
          read: V,
          // The source wrote two-digit years for some old films and they were expanded into the future
          // (Gone with the Wind: "Dec 15 2039"). The data ends in 2010, so later dates move back 100 years.
          expr:
            `CASE WHEN strptime("Release Date", '%b %d %Y') > TIMESTAMP '2011-12-31' ` +
            `THEN strptime("Release Date", '%b %d %Y') - INTERVAL 100 YEAR ` +
            `ELSE strptime("Release Date", '%b %d %Y') END`,
        },
      ],
      ['MPAA Rating', V],
      ['Running Time min', I],
      ['Distributor', V],
      ['Source', V],
      ['Major Genre', V],
      ['Creative Type', V],
      ['Director', V],
      ['Rotten Tomatoes Rating', I],
      ['IMDB Rating', D],
      ['IMDB Votes', I],
    ],
  },
  {
    name: 'penguins',
    file: 'penguins.json',
    format: 'json',
    description: 'Body measurements of 344 penguins of three species from the Palmer Archipelago, Antarctica.',
    columns: [
      ['Species', V],
      ['Island', V],
      ['Beak Length (mm)', D],
      ['Beak Depth (mm)', D],
      ['Flipper Length (mm)', I],
      ['Body Mass (g)', I],
      ['Sex', V, { expr: `NULLIF("Sex", '.')` }],
    ],
  },
  {
    name: 'population',
    file: 'population.json',
    format: 'json',
    description: 'US population by five-year age group and sex for each census from 1850 to 2000.',
    columns: [
      ['year', I],
      ['age', I],
      ['sex', I],
      ['people', I],
    ],
  },
  {
    name: 'unemployment',
    file: 'unemployment.tsv',
    format: 'tsv',
    description: 'Unemployment rate by US county (2009), keyed by county FIPS code.',
    columns: [
      ['id', I],
      ['rate', D],
    ],
  },
  {
    name: 'unemployment_across_industries',
    file: 'unemployment-across-industries.json',
    format: 'json',
    description: 'Monthly US unemployment by industry, 2000 to 2010: number of unemployed (thousands) and rate.',
    columns: [
      ['series', V],
      ['year', I],
      ['month', I],
      ['count', I],
      ['rate', D],
      // The source holds the first of the month at midnight Pacific time written in UTC
      // ("2000-01-01T08:00:00.000Z", 07:00 in summer): rebuild the plain date from year and month.
      ['date', 'DATE', { read: V, expr: 'make_date(CAST("year" AS BIGINT), CAST("month" AS BIGINT), 1)' }],
    ],
  },
  {
    name: 'us_employment',
    file: 'us-employment.csv',
    format: 'csv',
    description: 'Monthly US employment by sector, January 2006 to December 2015, seasonally adjusted, in thousands of jobs.',
    columns: [
      ['month', 'DATE'],
      ...[
        'nonfarm',
        'private',
        'goods_producing',
        'service_providing',
        'private_service_providing',
        'mining_and_logging',
        'construction',
        'manufacturing',
        'durable_goods',
        'nondurable_goods',
        'trade_transportation_utilties',
        'wholesale_trade',
        'retail_trade',
        'transportation_and_warehousing',
        'utilities',
        'information',
        'financial_activities',
        'professional_and_business_services',
        'education_and_health_services',
        'leisure_and_hospitality',
        'other_services',
        'government',
      ].map((c): Column => [c, D]),
      ['nonfarm_change', I],
    ],
  },
  {
    name: 'github',
    file: 'github.csv',
    format: 'csv',
    description: 'Simulated hourly GitHub commit counts, January to May 2015.',
    columns: [
      ['time', 'TIMESTAMP', { read: V, expr: `strptime("time", '%Y/%m/%d %H:%M:%S')` }],
      ['count', I],
    ],
  },
  {
    name: 'disasters',
    file: 'disasters.csv',
    format: 'csv',
    description: 'Yearly deaths from natural disasters worldwide by disaster type, since 1900 (EM-DAT).',
    columns: [
      ['Entity', V],
      ['Year', I],
      ['Deaths', BI],
    ],
  },
  {
    name: 'co2_concentration',
    file: 'co2-concentration.csv',
    format: 'csv',
    description: 'Monthly atmospheric CO2 concentration (ppm) at Mauna Loa Observatory since 1958, raw and seasonally adjusted.',
    columns: [
      ['Date', 'DATE'],
      ['CO2', D],
      ['adjusted CO2', D],
    ],
  },
  {
    name: 'global_temp',
    file: 'global-temp.csv',
    format: 'csv',
    description: 'Yearly global land-ocean temperature anomaly (°C) since 1880 (NASA GISS).',
    columns: [
      ['year', I],
      ['temp', D],
    ],
  },
  {
    name: 'iowa_electricity',
    file: 'iowa-electricity.csv',
    format: 'csv',
    description: 'Yearly net electricity generation in Iowa by source, 2001 to 2017, in thousand megawatt-hours.',
    columns: [
      ['year', I, yearOfDate('year')],
      ['source', V],
      ['net_generation', I],
    ],
  },
  {
    name: 'barley',
    file: 'barley.json',
    format: 'json',
    description: 'Barley yields (bushels per acre) of ten varieties at six Minnesota sites in 1931 and 1932.',
    columns: [
      ['yield', D],
      ['variety', V],
      ['year', I],
      ['site', V],
    ],
  },
  {
    name: 'la_riots',
    file: 'la-riots.csv',
    format: 'csv',
    description: 'People who died during the 1992 Los Angeles riots, with date, place and circumstances.',
    columns: [
      ['first_name', V],
      ['last_name', V],
      ['age', I],
      ['gender', V],
      ['race', V],
      ['death_date', 'DATE'],
      ['address', V],
      ['neighborhood', V],
      ['type', V],
      ['longitude', D],
      ['latitude', D],
    ],
  },
  {
    name: 'jobs',
    file: 'jobs.json',
    format: 'json',
    description: 'US workers by occupation and sex for each census from 1850 to 2000 (IPUMS).',
    columns: [
      ['job', V],
      ['sex', V],
      ['year', I],
      ['count', I],
      ['perc', D],
    ],
  },
  {
    name: 'wheat',
    file: 'wheat.json',
    format: 'json',
    description: "Price of wheat (shillings per quarter) and weekly wages in England, 1565 to 1821 (Playfair's chart).",
    columns: [
      ['year', I],
      ['wheat', D],
      ['wages', D],
    ],
  },
  {
    name: 'monarchs',
    file: 'monarchs.json',
    format: 'json',
    description: 'English and British monarchs from Elizabeth I to George IV with the years of their reigns.',
    columns: [
      ['name', V],
      ['start', I, { as: 'start_year' }],
      ['end', I, { as: 'end_year' }],
      ['index', I],
      ['commonwealth', 'BOOLEAN', { expr: 'coalesce("commonwealth", false)', comment: 'True for the 1649-1660 interregnum' }],
    ],
  },
  {
    name: 'income',
    file: 'income.json',
    format: 'json',
    description: 'Share of households by income bracket in each US state (ACS 2013).',
    columns: [
      ['name', V],
      ['region', V],
      ['id', I],
      ['pct', D],
      ['total', BI],
      ['group', V, { as: 'income_group' }],
    ],
  },
  {
    name: 'zipcodes',
    file: 'zipcodes.csv',
    format: 'csv',
    description: 'US and Puerto Rico ZIP codes with coordinates, city, state and county.',
    columns: [
      ['zip_code', V],
      ['latitude', D],
      ['longitude', D],
      ['city', V],
      ['state', V],
      ['county', V],
    ],
  },
  {
    name: 'budgets',
    file: 'budgets.json',
    format: 'json',
    description:
      'US federal budget balance forecasts made each year from 1980 to 2010, against the actual outcome (trillions of 2010 dollars).',
    columns: [
      ['budgetYear', I],
      ['forecastYear', I],
      ['value', D],
    ],
  },
  {
    name: 'budget',
    file: 'budget.json',
    description:
      'US federal receipts by account and fiscal year, 1962 to 2020 (OMB 2016, historical and forecast), in thousands of dollars.',
    select: budgetSelect,
    comments: {
      fiscal_year: 'Fiscal year (the 1976 transition quarter is reported as 1976)',
      transition_quarter: 'True for the July-September 1976 transition quarter',
      amount: 'Receipts in thousands of dollars',
    },
  },
  {
    name: 'driving',
    file: 'driving.json',
    format: 'json',
    description: 'Miles driven per capita per year and inflation-adjusted gas price in the US, 1956 to 2010.',
    columns: [
      ['side', V],
      ['year', I],
      ['miles', I],
      ['gas', D],
    ],
  },
  {
    name: 'burtin',
    file: 'burtin.json',
    format: 'json',
    description: "Minimum inhibitory concentration of three antibiotics against 16 bacteria (Will Burtin's 1951 chart).",
    columns: [
      ['Bacteria', V],
      ['Penicillin', D],
      ['Streptomycin', D],
      ['Neomycin', D],
      ['Gram_Staining', V],
      ['Genus', V],
    ],
  },
  {
    name: 'crimea',
    file: 'crimea.json',
    format: 'json',
    description: "Monthly deaths in British army hospitals by cause during the Crimean War, 1854 to 1856 (Nightingale's data).",
    columns: [
      ['date', 'DATE'],
      ['wounds', I],
      ['other', I],
      ['disease', I],
      ['army_size', I],
    ],
  },
  {
    name: 'london_centroids',
    file: 'londonCentroids.json',
    format: 'json',
    description: 'Centroid coordinates of the London boroughs.',
    columns: [
      ['name', V],
      ['cx', D, { comment: 'Longitude of the centroid' }],
      ['cy', D, { comment: 'Latitude of the centroid' }],
    ],
  },
  {
    name: 'us_state_capitals',
    file: 'us-state-capitals.json',
    format: 'json',
    description: 'US state capitals with their coordinates.',
    columns: [
      ['lon', D],
      ['lat', D],
      ['state', V],
      ['city', V],
    ],
  },
  {
    name: 'obesity',
    file: 'obesity.json',
    format: 'json',
    description: 'Adult obesity rate by US state in 1995 (CDC BRFSS).',
    columns: [
      ['id', I],
      ['rate', D],
      ['state', V],
    ],
  },
  {
    name: 'population_engineers_hurricanes',
    file: 'population_engineers_hurricanes.csv',
    format: 'csv',
    description: 'Population, share of engineers and number of hurricanes by US state.',
    columns: [
      ['state', V],
      ['id', I],
      ['population', I],
      ['engineers', D],
      ['hurricanes', I],
    ],
  },
  {
    name: 'species',
    file: 'species.csv',
    format: 'csv',
    description: 'Share of year-round habitat of four species (robin, white-tailed deer, bullfrog, gartersnake) in each US county.',
    columns: [
      ['item_id', V],
      ['common_name', V],
      ['scientific_name', V],
      ['gap_species_code', V],
      ['county_id', I],
      ['habitat_yearround_pct', D],
    ],
  },
  {
    name: 'birdstrikes',
    file: 'birdstrikes.csv',
    format: 'csv',
    description: 'Wildlife strikes on aircraft reported to the US FAA, with damage, costs and species.',
    columns: [
      ['Airport Name', V],
      ['Aircraft Make Model', V],
      ['Effect Amount of damage', V],
      ['Flight Date', 'DATE'],
      ['Aircraft Airline Operator', V],
      ['Origin State', V],
      ['Phase of flight', V],
      ['Wildlife Size', V],
      ['Wildlife Species', V],
      ['Time of day', V],
      ['Cost Other', BI],
      ['Cost Repair', BI],
      ['Cost Total $', BI],
      ['Speed IAS in knots', I],
    ],
  },
  {
    name: 'football',
    file: 'football.json',
    format: 'json',
    description: 'Football (soccer) match results in European leagues, 2013 to 2017 (OpenFootball).',
    columns: [
      ['date', 'DATE'],
      ['division', V],
      ['home_team', V],
      ['away_team', V],
      ['home_score', I],
      ['away_score', I],
    ],
  },
  {
    name: 'earthquakes',
    file: 'earthquakes.json',
    description:
      'About one week of earthquakes worldwide from the USGS feed (February 2018): time, magnitude, place, depth and coordinates.',
    select: earthquakesSelect,
    comments: {
      time: 'Origin time (UTC)',
      depth: 'Depth in kilometres',
      mag: 'Magnitude',
    },
  },
  {
    name: 'political_contributions',
    file: 'political-contributions.json',
    format: 'json',
    description: 'Financial summaries of US congressional candidate committees (FEC, 2015).',
    columns: [
      ['Candidate_Identification', V],
      ['Candidate_Name', V],
      ['Incumbent_Challenger_Status', V],
      ['Party_Code', I],
      ['Party_Affiliation', V],
      ['Total_Receipts', D],
      ['Transfers_from_Authorized_Committees', D],
      ['Total_Disbursements', D],
      ['Transfers_to_Authorized_Committees', D],
      ['Beginning_Cash', D],
      ['Ending_Cash', D],
      ['Contributions_from_Candidate', D],
      ['Loans_from_Candidate', D],
      ['Other_Loans', D],
      ['Candidate_Loan_Repayments', D],
      ['Other_Loan_Repayments', D],
      ['Debts_Owed_By', D],
      ['Total_Individual_Contributions', D],
      ['Candidate_State', V],
      ['Candidate_District', I],
      ['Contributions_from_Other_Political_Committees', D],
      ['Contributions_from_Party_Committees', D],
      ['Coverage_End_Date', 'DATE', dateFrom('Coverage_End_Date', '%m/%d/%Y')],
      ['Refunds_to_Individuals', D],
      ['Refunds_to_Committees', D],
    ],
  },
  {
    name: 'anscombe',
    file: 'anscombe.json',
    format: 'json',
    description: "Anscombe's quartet: four series of (x, y) pairs with identical summary statistics.",
    columns: [
      ['Series', V],
      ['X', D],
      ['Y', D],
    ],
  },
  {
    name: 'ohlc',
    file: 'ohlc.json',
    format: 'json',
    description: 'Daily open, high, low and close of the CBOE Volatility Index (VIX), summer 2009.',
    columns: [
      ['date', 'DATE'],
      ['open', D],
      ['high', D],
      ['low', D],
      ['close', D],
      ['signal', V],
      ['ret', D],
    ],
  },
  {
    name: 'windvectors',
    file: 'windvectors.csv',
    format: 'csv',
    description: 'Simulated wind direction and speed on a grid over north-western Europe.',
    columns: [
      ['longitude', D],
      ['latitude', D],
      ['dir', I],
      ['dirCat', I],
      ['speed', D],
    ],
  },
  {
    name: 'udistrict',
    file: 'udistrict.json',
    format: 'json',
    description: "Latitude of restaurants and cafés in Seattle's University District, by cuisine.",
    columns: [
      ['key', V],
      ['lat', D],
    ],
  },
  {
    name: 'flare',
    file: 'flare.json',
    format: 'json',
    description: 'Class hierarchy of the Flare visualization toolkit (id, name, parent, size).',
    columns: [
      ['id', I],
      ['name', V],
      ['parent', I],
      ['size', I],
    ],
  },
  {
    name: 'flare_dependencies',
    file: 'flare-dependencies.json',
    format: 'json',
    description: 'Dependencies between the classes of the Flare toolkit (source and target flare.id).',
    columns: [
      ['source', I],
      ['target', I],
    ],
  },
  {
    name: 'miserables',
    file: 'miserables.json',
    description:
      'Co-appearances of the characters of Les Misérables (Knuth): one row per pair of characters who share chapters, with how many and the community group of each.',
    select: miserablesSelect,
    comments: {
      source: 'First character of the pair',
      target: 'Second character of the pair',
      source_group: 'Community group of the first character',
      target_group: 'Community group of the second character',
      value: 'Number of chapters in which both characters appear',
    },
  },
  {
    name: 'platformer_terrain',
    file: 'platformer-terrain.json',
    format: 'json',
    description: 'Terrain tiles of a level of the video game Celeste, with position, colour and material.',
    columns: [
      ['x', I],
      ['y', I],
      ['lumosity', D],
      ['saturation', D],
      ['name', V],
      ['id', V],
      ['color', V],
      ['key', V],
    ],
  },
  {
    name: 'normal_2d',
    file: 'normal-2d.json',
    format: 'json',
    description: 'Five hundred (u, v) points sampled from a bivariate normal distribution.',
    columns: [
      ['u', D],
      ['v', D],
    ],
  },
  {
    name: 'uniform_2d',
    file: 'uniform-2d.json',
    format: 'json',
    description: 'Five hundred (u, v) points sampled from a bivariate uniform distribution.',
    columns: [
      ['u', D],
      ['v', D],
    ],
  },
  {
    name: 'lookup_people',
    file: 'lookup_people.csv',
    format: 'csv',
    description: 'Nine people with their age and height in centimetres (lookup example).',
    columns: [
      ['name', V],
      ['age', I],
      ['height', I],
    ],
  },
  {
    name: 'lookup_groups',
    file: 'lookup_groups.csv',
    format: 'csv',
    description: 'Group membership of the people in lookup_people (lookup example).',
    columns: [
      ['group', I, { as: 'group_id' }],
      ['person', V],
    ],
  },
];

/*
 * Files of vega-datasets 3.2 not loaded:
 * - flights-2k/5k/10k/20k.json, flights-200k.json, flights-200k.arrow: samples of flights-3m.parquet
 *   (the 200k ones with fewer columns; DuckDB has no built-in Arrow IPC reader).
 * - us-10m.json, world-110m.json, londonBoroughs.json, londonTubeLines.json: TopoJSON maps.
 * - annual-precip.json, volcano.json: raster grids (width, height, flat value array).
 * - 7zip.png, ffox.png, gimp.png: images.
 */

/** Names of all tables the loader can build, in load order. */
export const EXAMPLE_TABLE_NAMES: readonly string[] = TABLES.map((t) => t.name);

// ---------------------------------------------------------------------------------------------
// Custom selects
// ---------------------------------------------------------------------------------------------

/**
 * flights-3m.parquet: vega-datasets 3.x stores `date` as a TIMESTAMP; older releases of the flights
 * files packed it as an MMDDHHMM integer (year 2001 implied) or wrote it as "2001/01/14 21:55".
 * Look at the actual type and convert whichever it is.
 */
async function flightsSelect(conn: DuckDBConnection, file: string): Promise<string> {
  const src = `read_parquet(${lit(file)})`;
  const reader = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${src}`);
  const types = new Map(reader.getRowObjectsJS().map((r) => [String(r.column_name), String(r.column_type)]));
  const dateType = types.get('date');
  if (!dateType) throw new Error(`${file}: no "date" column`);
  let date: string;
  if (/^(TIMESTAMP|DATE)/.test(dateType)) {
    date = 'CAST("date" AS TIMESTAMP)';
  } else if (/INT/.test(dateType)) {
    date =
      'make_timestamp(2001, CAST("date" // 1000000 AS BIGINT), CAST("date" // 10000 % 100 AS BIGINT), ' +
      'CAST("date" // 100 % 100 AS BIGINT), CAST("date" % 100 AS BIGINT), 0)';
  } else {
    date = `coalesce(try_strptime(CAST("date" AS VARCHAR), '%Y/%m/%d %H:%M'), CAST("date" AS TIMESTAMP))`;
  }
  return (
    `SELECT ${date} AS "date", CAST(delay AS INTEGER) AS delay, CAST(distance AS INTEGER) AS distance, ` +
    `CAST(origin AS VARCHAR) AS origin, CAST(destination AS VARCHAR) AS destination FROM ${src}`
  );
}

/**
 * miserables.json is a graph: `nodes` (name, group) and `links` between node indexes. The table
 * holds the links with both characters' names and groups, what a graph chart reads.
 */
async function miserablesSelect(_conn: DuckDBConnection, file: string): Promise<string> {
  const doc =
    `read_json(${lit(file)}, format = 'auto', records = true, columns = ` +
    `{'nodes': 'STRUCT(name VARCHAR, "group" INTEGER)[]', 'links': 'STRUCT(source INTEGER, target INTEGER, value INTEGER)[]'})`;
  return (
    `WITH doc AS (SELECT * FROM ${doc}), ` +
    // a link names its characters by their position in `nodes` (0-based)
    `nodes AS (SELECT n.name AS name, n."group" AS grp, i - 1 AS idx FROM doc, unnest(doc.nodes) WITH ORDINALITY AS u(n, i)), ` +
    `links AS (SELECT unnest(doc.links) AS l FROM doc) ` +
    'SELECT s.name AS source, t.name AS target, s.grp AS source_group, t.grp AS target_group, l.value AS value ' +
    'FROM links JOIN nodes s ON s.idx = l.source JOIN nodes t ON t.idx = l.target ORDER BY value DESC, source, target'
  );
}

/** budget.json is wide (one VARCHAR column per fiscal year, "1,234" with thousands separators): unpivot it. */
async function budgetSelect(_conn: DuckDBConnection, file: string): Promise<string> {
  const keys: Array<[string, SqlType]> = [
    ['Source Category Code', I],
    ['Source category name', V],
    ['Source subcategory', I],
    ['Source subcategory name', V],
    ['Agency code', I],
    ['Agency name', V],
    ['Bureau code', I],
    ['Bureau name', V],
    ['Account code', I],
    ['Account name', V],
    ['Treasury Agency code', I],
    ['On- or off-budget', V],
  ];
  const periods: string[] = [];
  for (let y = 1962; y <= 2020; y++) {
    periods.push(String(y));
    if (y === 1976) periods.push('TQ');
  }
  const readCols = [...keys.map(([k, t]): [string, string] => [k, t]), ...periods.map((p): [string, string] => [p, V])];
  const src = `read_json(${lit(file)}, format = 'array', columns = ${structLit(readCols)})`;
  const keyList = keys.map(([k, t]) => `CAST(${ident(k)} AS ${t}) AS ${ident(snake(k))}`).join(', ');
  return (
    `SELECT ${keyList}, ` +
    `CAST(CASE WHEN period = 'TQ' THEN '1976' ELSE period END AS INTEGER) AS fiscal_year, ` +
    `period = 'TQ' AS transition_quarter, ` +
    `CAST(replace(amount, ',', '') AS BIGINT) AS amount ` +
    `FROM (UNPIVOT (SELECT * FROM ${src}) ON ${periods.map(ident).join(', ')} INTO NAME period VALUE amount) ` +
    `ORDER BY "Account code", "Source Category Code", "Agency code", "Bureau code", fiscal_year, transition_quarter`
  );
}

/** earthquakes.json is GeoJSON: one row per feature, properties and point coordinates as columns. */
async function earthquakesSelect(_conn: DuckDBConnection, file: string): Promise<string> {
  const props =
    'STRUCT(mag DOUBLE, place VARCHAR, "time" BIGINT, updated BIGINT, tz INTEGER, url VARCHAR, felt INTEGER, ' +
    'cdi DOUBLE, mmi DOUBLE, alert VARCHAR, status VARCHAR, tsunami INTEGER, sig INTEGER, net VARCHAR, ' +
    '"code" VARCHAR, nst INTEGER, dmin DOUBLE, rms DOUBLE, gap DOUBLE, magType VARCHAR, "type" VARCHAR, title VARCHAR)';
  const feature = `STRUCT(id VARCHAR, properties ${props}, geometry STRUCT(coordinates DOUBLE[]))`;
  const src = `read_json(${lit(file)}, format = 'auto', records = true, columns = ${structLit([['features', `${feature}[]`]])})`;
  return (
    'SELECT f.id AS id, epoch_ms(f.properties."time") AS "time", f.properties.mag AS mag, ' +
    'f.properties.magType AS mag_type, f.properties.place AS place, ' +
    'f.geometry.coordinates[1] AS longitude, f.geometry.coordinates[2] AS latitude, ' +
    'f.geometry.coordinates[3] AS depth, f.properties.sig AS sig, f.properties.felt AS felt, ' +
    'f.properties.tsunami = 1 AS tsunami, f.properties.alert AS alert, f.properties.status AS status, ' +
    'f.properties."type" AS "type", f.properties.net AS net, f.properties.url AS url ' +
    `FROM (SELECT unnest(features) AS f FROM ${src}) ORDER BY "time"`
  );
}

// ---------------------------------------------------------------------------------------------
// SQL helpers
// ---------------------------------------------------------------------------------------------

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `{'a': 'INTEGER', 'b': 'VARCHAR'}`, the `columns` argument of DuckDB's readers */
function structLit(cols: ReadonlyArray<readonly [string, string]>): string {
  return `{${cols.map(([n, t]) => `${lit(n)}: ${lit(t)}`).join(', ')}}`;
}

/** `Miles_per_Gallon` → `miles_per_gallon`, `Beak Length (mm)` → `beak_length_mm`, `dirCat` → `dir_cat` */
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

export function targetName(col: Column): string {
  return col[2]?.as ?? snake(col[0]);
}

export function declaredSelect(spec: TableSpec, file: string): string {
  // reader columns: each source column once, with the read type of its first use
  const read = new Map<string, string>();
  for (const [src, type, opts] of spec.columns) if (!read.has(src)) read.set(src, opts?.read ?? type);
  const readCols = [...read.entries()];
  let src: string;
  if (spec.format === 'json') {
    src = `read_json(${lit(file)}, format = 'array', columns = ${structLit(readCols)})`;
  } else {
    const delim = spec.format === 'tsv' ? '\\t' : ',';
    src = `read_csv(${lit(file)}, header = true, delim = '${delim}', quote = '"', escape = '"', ` + `columns = ${structLit(readCols)})`;
  }
  const list = spec.columns.map((col) => `CAST(${col[2]?.expr ?? ident(col[0])} AS ${col[1]}) AS ${ident(targetName(col))}`).join(', ');
  return `SELECT ${list} FROM ${src}`;
}
