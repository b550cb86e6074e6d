/**
 * The number and time format choices Explore offers (spec section 9: y-axis and time formats
 * default to adaptive; the list includes duration and memory formats). Values are d3-format /
 * d3-time-format specifiers or the named formats `getNumberFormatter` understands.
 */

export const NUMBER_FORMAT = {
  SMART_NUMBER: 'SMART_NUMBER',
  SMART_NUMBER_SIGNED: 'SMART_NUMBER_SIGNED',
  DURATION: 'DURATION',
  DURATION_SUB: 'DURATION_SUB',
  DURATION_COL: 'DURATION_COL',
  MEMORY_DECIMAL: 'MEMORY_DECIMAL',
  MEMORY_BINARY: 'MEMORY_BINARY',
  MEMORY_TRANSFER_RATE_DECIMAL: 'MEMORY_TRANSFER_RATE_DECIMAL',
  MEMORY_TRANSFER_RATE_BINARY: 'MEMORY_TRANSFER_RATE_BINARY',
} as const;

/** `[format, label]` pairs for number format controls; the first is the default. */
export const NUMBER_FORMAT_OPTIONS: [string, string][] = [
  [NUMBER_FORMAT.SMART_NUMBER, 'Adaptive formatting'],
  ['~g', 'Original value'],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (12345.432 => 1,234,543.2%)'],
  ['.1%', '.1% (12345.432 => 1234543.2%)'],
  ['.2%', '.2% (12345.432 => 1234543.20%)'],
  ['.3%', '.3% (12345.432 => 1234543.200%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.1f', ',.1f (12345.432 => 12,345.4)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  [NUMBER_FORMAT.DURATION, 'Duration in ms (66000 => 1m 6s)'],
  [NUMBER_FORMAT.DURATION_SUB, 'Duration in ms (1.40008 => 1ms 400µs 80ns)'],
  [NUMBER_FORMAT.DURATION_COL, 'Duration in ms (10500 => 0:10.5)'],
  [NUMBER_FORMAT.MEMORY_DECIMAL, 'Memory in bytes - decimal (1024B => 1.024kB)'],
  [NUMBER_FORMAT.MEMORY_BINARY, 'Memory in bytes - binary (1024B => 1KiB)'],
  [NUMBER_FORMAT.MEMORY_TRANSFER_RATE_DECIMAL, 'Memory transfer rate in bytes - decimal (1024B => 1.024kB/s)'],
  [NUMBER_FORMAT.MEMORY_TRANSFER_RATE_BINARY, 'Memory transfer rate in bytes - binary (1024B => 1KiB/s)'],
];

export const TIME_FORMAT = {
  SMART_DATE: 'smart_date',
} as const;

/** `[format, label]` pairs for time format controls; the first is the default. */
export const TIME_FORMAT_OPTIONS: [string, string][] = [
  [TIME_FORMAT.SMART_DATE, 'Adaptive formatting'],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];
