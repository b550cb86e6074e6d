import { describe, expect, it } from 'vitest';
import { toNaiveIsoString } from './calendar.js';
import { TimeRangeError } from './errors.js';
import { parseTimeRange, SINCE_AFTER_UNTIL_MESSAGE, type TimeRangeOptions } from './timeRange.js';

/** Wednesday 22 May 2024, 10:11:12.345 UTC */
const NOW = new Date('2024-05-22T10:11:12.345Z');
const NOW_ISO = '2024-05-22T10:11:12.345000';

/** The range as the naive ISO pair the time_range endpoint answers; '' for an open side. */
function range(timeRange: string | null | undefined, opts: TimeRangeOptions = {}): [string, string] {
  const { since, until } = parseTimeRange(timeRange, { now: NOW, ...opts });
  return [since ? toNaiveIsoString(since) : '', until ? toNaiveIsoString(until) : ''];
}

function errorOf(timeRange: string, opts: TimeRangeOptions = {}): TimeRangeError {
  try {
    parseTimeRange(timeRange, { now: NOW, ...opts });
  } catch (e) {
    if (e instanceof TimeRangeError) return e;
    throw e;
  }
  throw new Error(`"${timeRange}" was accepted`);
}

describe('no filter (§5 "the comparator of a time-range filter defaults to No filter")', () => {
  it('No filter, an empty range and a missing range are open on both sides', () => {
    expect(parseTimeRange('No filter', { now: NOW })).toEqual({ since: null, until: null });
    expect(parseTimeRange('', { now: NOW })).toEqual({ since: null, until: null });
    expect(parseTimeRange(null)).toEqual({ since: null, until: null });
    expect(parseTimeRange(undefined)).toEqual({ since: null, until: null });
  });
});

describe('Last <unit>: one unit before the relative start, ending at the relative end', () => {
  it.each([
    ['Last day', '2024-05-21T00:00:00'],
    ['Last week', '2024-05-15T00:00:00'],
    ['Last month', '2024-04-22T00:00:00'],
    ['Last quarter', '2024-02-22T00:00:00'],
    ['Last year', '2023-05-22T00:00:00'],
  ])('%s counts from midnight today', (timeRange, since) => {
    expect(range(timeRange)).toEqual([since, '2024-05-22T00:00:00']);
  });

  it('Last N units takes a count (the advanced forms the client sends)', () => {
    expect(range('Last 7 days')).toEqual(['2024-05-15T00:00:00', '2024-05-22T00:00:00']);
    expect(range('Last 2 weeks')).toEqual(['2024-05-08T00:00:00', '2024-05-22T00:00:00']);
    expect(range('Last 5 months')).toEqual(['2023-12-22T00:00:00', '2024-05-22T00:00:00']);
  });

  it('Last <hours or less> counts from now to now, so the range is never inverted after midnight', () => {
    expect(range('Last 3 hours')).toEqual(['2024-05-22T07:11:12.345000', NOW_ISO]);
    expect(range('Last minute')).toEqual(['2024-05-22T10:10:12.345000', NOW_ISO]);
    expect(range('Last 30 seconds')).toEqual(['2024-05-22T10:10:42.345000', NOW_ISO]);
  });

  it('relativeStart and relativeEnd move either end to now (DEFAULT_RELATIVE_START_TIME/END_TIME)', () => {
    expect(range('Last week', { relativeEnd: 'now' })).toEqual(['2024-05-15T00:00:00', NOW_ISO]);
    expect(range('Last week', { relativeStart: 'now' })).toEqual(['2024-05-15T10:11:12.345000', '2024-05-22T00:00:00']);
    expect(range('Last week', { relativeStart: 'now', relativeEnd: 'now' })).toEqual(['2024-05-15T10:11:12.345000', NOW_ISO]);
    expect(range('Last 3 hours', { relativeStart: 'today', relativeEnd: 'today' })).toEqual(['2024-05-21T21:00:00', '2024-05-22T00:00:00']);
  });

  it('is read whatever the case', () => {
    expect(range('last week')).toEqual(range('Last week'));
  });
});

describe('Next <unit>: from the relative start', () => {
  it('Next N units ends N units after today', () => {
    expect(range('Next 5 months')).toEqual(['2024-05-22T00:00:00', '2024-10-22T00:00:00']);
    expect(range('Next week')).toEqual(['2024-05-22T00:00:00', '2024-05-29T00:00:00']);
  });

  it('Next <hours> starts now', () => {
    expect(range('Next 2 hours')).toEqual([NOW_ISO, '2024-05-22T12:11:12.345000']);
  });
});

describe('previous calendar <unit>: the whole unit before the current one (weeks start Monday)', () => {
  it.each([
    ['previous calendar week', '2024-05-13T00:00:00', '2024-05-20T00:00:00'],
    ['previous calendar month', '2024-04-01T00:00:00', '2024-05-01T00:00:00'],
    ['previous calendar quarter', '2024-01-01T00:00:00', '2024-04-01T00:00:00'],
    ['previous calendar year', '2023-01-01T00:00:00', '2024-01-01T00:00:00'],
  ])('%s', (timeRange, since, until) => {
    expect(range(timeRange)).toEqual([since, until]);
  });

  it('previous calendar quarter in January is the last quarter of the year before', () => {
    expect(parseTimeRange('previous calendar quarter', { now: new Date('2024-01-15T08:00:00Z') })).toEqual({
      since: new Date('2023-10-01T00:00:00Z'),
      until: new Date('2024-01-01T00:00:00Z'),
    });
  });

  it('counts from today even when relativeStart is now', () => {
    expect(range('previous calendar week', { relativeStart: 'now', relativeEnd: 'now' })).toEqual([
      '2024-05-13T00:00:00',
      '2024-05-20T00:00:00',
    ]);
  });
});

describe('Current <unit>: from the start of the current unit to the start of the next', () => {
  it.each([
    ['Current day', '2024-05-22T00:00:00', '2024-05-23T00:00:00'],
    ['Current week', '2024-05-20T00:00:00', '2024-05-27T00:00:00'],
    ['Current month', '2024-05-01T00:00:00', '2024-06-01T00:00:00'],
    ['Current quarter', '2024-04-01T00:00:00', '2024-07-01T00:00:00'],
    ['Current year', '2024-01-01T00:00:00', '2025-01-01T00:00:00'],
  ])('%s', (timeRange, since, until) => {
    expect(range(timeRange)).toEqual([since, until]);
  });
});

describe('<since> : <until> with dates', () => {
  it('reads ISO dates and datetimes', () => {
    expect(range('2024-01-01 : 2024-02-01')).toEqual(['2024-01-01T00:00:00', '2024-02-01T00:00:00']);
    expect(range('2024-01-01T10:00:00 : 2024-01-01 18:30')).toEqual(['2024-01-01T10:00:00', '2024-01-01T18:30:00']);
    expect(range('2018 : 2018-9')).toEqual(['2018-01-01T00:00:00', '2018-09-01T00:00:00']);
    expect(range('2/3/1969 : 1969-02-04')).toEqual(['1969-02-03T00:00:00', '1969-02-04T00:00:00']);
  });

  it('an explicit offset is converted to the range time zone (UTC)', () => {
    expect(range('2024-01-01T10:00:00+02:00 : 2024-01-01T10:00:00Z')).toEqual(['2024-01-01T08:00:00', '2024-01-01T10:00:00']);
  });

  it('either side may be empty, leaving it open', () => {
    expect(range(' : now')).toEqual(['', NOW_ISO]);
    expect(range('2024-01-01 : ')).toEqual(['2024-01-01T00:00:00', '']);
    expect(range(' : ')).toEqual(['', '']);
  });

  it('now keeps the time, today, yesterday and tomorrow are midnights', () => {
    expect(range('today : now')).toEqual(['2024-05-22T00:00:00', NOW_ISO]);
    expect(range('yesterday : tomorrow')).toEqual(['2024-05-21T00:00:00', '2024-05-23T00:00:00']);
  });

  it('N unit(s) ago / later / before / after: days and longer land on midnight, hours and shorter keep the time', () => {
    expect(range('7 days ago : now')).toEqual(['2024-05-15T00:00:00', NOW_ISO]);
    expect(range('1 week ago : 1 week later')).toEqual(['2024-05-15T00:00:00', '2024-05-29T00:00:00']);
    expect(range('2 quarters ago : 1 month after')).toEqual(['2023-11-22T00:00:00', '2024-06-22T00:00:00']);
    expect(range('1 year before : one year later')).toEqual(['2023-05-22T00:00:00', '2025-05-22T00:00:00']);
    expect(range('3 hours ago : 10 minutes later')).toEqual(['2024-05-22T07:11:12.345000', '2024-05-22T10:21:12.345000']);
    expect(range('90 seconds ago : now')).toEqual(['2024-05-22T10:09:42.345000', NOW_ISO]);
  });
});

describe('<since> : <until> with scoped phrases', () => {
  it('last|next|this N units', () => {
    expect(range('last 2 weeks : today')).toEqual(['2024-05-08T00:00:00', '2024-05-22T00:00:00']);
    expect(range('this month : next 3 days')).toEqual(['2024-05-22T00:00:00', '2024-05-25T00:00:00']);
    expect(range('prior hour : now')).toEqual(['2024-05-22T09:11:12.345000', NOW_ISO]);
  });

  it('start of / end of', () => {
    expect(range('start of this month : end of this month')).toEqual(['2024-05-01T00:00:00', '2024-05-31T00:00:00']);
    expect(range('beginning of last year : end of last year')).toEqual(['2023-01-01T00:00:00', '2023-12-31T00:00:00']);
    expect(range('start of next week : end of next 2 weeks')).toEqual(['2024-05-27T00:00:00', '2024-06-09T00:00:00']);
  });

  it('first of / first day of', () => {
    expect(range('first of this month : today')).toEqual(['2024-05-01T00:00:00', '2024-05-22T00:00:00']);
    expect(range('first day of last quarter : first of the year')).toEqual(['2024-01-01T00:00:00', '2024-01-01T00:00:00']);
  });

  it('first <unit> of <unit> is a whole range', () => {
    expect(range('first week of this year')).toEqual(['2024-01-01T00:00:00', '2024-01-08T00:00:00']);
    expect(range('first month of last quarter')).toEqual(['2024-01-01T00:00:00', '2024-02-01T00:00:00']);
  });
});

describe('<since> : <until> with date expressions', () => {
  it("the Custom tab's relative bounds anchored to the other side's specific date-time", () => {
    expect(range('DATEADD(DATETIME("2024-05-01T00:00:00"), -7, day) : 2024-05-01T00:00:00')).toEqual([
      '2024-04-24T00:00:00',
      '2024-05-01T00:00:00',
    ]);
    expect(range('2024-03-31T12:00:00 : DATEADD(DATETIME("2024-03-31T12:00:00"), 1, quarter)')).toEqual([
      '2024-03-31T12:00:00',
      '2024-06-30T12:00:00',
    ]);
  });

  it('DATETIME and DATEADD, with single or double quotes, any case and a trailing comma', () => {
    expect(range('DATEADD(DATETIME("today"), -7, day) : today')).toEqual(['2024-05-15T00:00:00', '2024-05-22T00:00:00']);
    expect(range("DATETIME('2020-01-01') : dateadd(datetime('2020-01-01'),1,year,)")).toEqual([
      '2020-01-01T00:00:00',
      '2021-01-01T00:00:00',
    ]);
    expect(range('DATEADD(DATETIME("now"), -3, hour) : DATEADD(DATETIME("now"), 40, MINUTE)')).toEqual([
      '2024-05-22T07:11:12.345000',
      '2024-05-22T10:51:12.345000',
    ]);
    expect(range('DATEADD(DATETIME("today"), -2, quarter) : DATEADD(DATETIME("today"), -3, week)')).toEqual([
      '2023-11-22T00:00:00',
      '2024-05-01T00:00:00',
    ]);
  });

  it('DATEADD of months clamps to the end of a shorter month', () => {
    expect(range('DATEADD(DATETIME("2024-03-31"), -1, month) : DATEADD(DATETIME("2024-02-29"), 1, year)')).toEqual([
      '2024-02-29T00:00:00',
      '2025-02-28T00:00:00',
    ]);
  });

  it.each([
    ['year', '2024-01-01T00:00:00'],
    ['quarter', '2024-04-01T00:00:00'],
    ['month', '2024-05-01T00:00:00'],
    ['week', '2024-05-20T00:00:00'],
    ['day', '2024-05-22T00:00:00'],
    ['hour', '2024-05-22T10:00:00'],
    ['minute', '2024-05-22T10:11:00'],
    ['second', '2024-05-22T10:11:12'],
  ])('DATETRUNC(now, %s)', (unit, since) => {
    expect(range(`DATETRUNC(DATETIME("now"), ${unit}) : `)).toEqual([since, '']);
  });

  it.each([
    ['year', '2024-12-31T00:00:00'],
    ['quarter', '2024-06-30T00:00:00'],
    ['month', '2024-05-31T00:00:00'],
    ['week', '2024-05-26T00:00:00'],
    ['day', '2024-05-22T00:00:00'],
  ])('LASTDAY(now, %s) is that last day at midnight', (unit, until) => {
    expect(range(` : LASTDAY(DATETIME("now"), ${unit})`)).toEqual(['', until]);
  });

  it('expressions nest', () => {
    expect(range('LASTDAY(DATEADD(DATETIME("2018-01-01T00:00:00"), 1, month), month) : 2019-01-01')).toEqual([
      '2018-02-28T00:00:00',
      '2019-01-01T00:00:00',
    ]);
    expect(range('DATETRUNC(DATEADD(DATETIME("today"), -1, WEEK), WEEK) : DATETRUNC(DATETIME("today"), WEEK)')).toEqual(
      range('previous calendar week'),
    );
  });

  it('DATEDIFF gives whole days or calendar years as the amount of a DATEADD', () => {
    expect(range('DATEADD(DATETIME("today"), DATEDIFF(DATETIME("2024-05-25"), DATETIME("2024-05-22")), day) : today')).toEqual([
      '2024-05-19T00:00:00',
      '2024-05-22T00:00:00',
    ]);
    expect(range('DATEADD(DATETIME("2024-01-01"), DATEDIFF(DATETIME("2020-12-31"), DATETIME("2022-01-01"), year), year) : ')).toEqual([
      '2026-01-01T00:00:00',
      '',
    ]);
  });
});

describe('time zone', () => {
  it('UTC is the default; another zone moves today and now to its wall clock', () => {
    expect(range('today : now', { timeZone: 'UTC' })).toEqual(range('today : now'));
    expect(range('today : now', { timeZone: 'Asia/Tokyo' })).toEqual(['2024-05-22T00:00:00', '2024-05-22T19:11:12.345000']);
    expect(range('today : now', { timeZone: 'America/Los_Angeles' })).toEqual(['2024-05-22T00:00:00', '2024-05-22T03:11:12.345000']);
  });
});

describe('errors name the part that failed', () => {
  it('a bound that is neither a date nor an expression', () => {
    const e = errorOf('sometime : now');
    expect(e.message).toBe('Error parsing time range: "sometime : now" — "sometime" is not a valid date or expression');
    expect(e.part).toBe('sometime');
  });

  it('a bare amount is ambiguous, as the peer refuses it', () => {
    expect(errorOf('7 days : now').message).toBe(
      'Error parsing time range: "7 days : now" — "7 days" is ambiguous: write "7 days ago" or "7 days later"',
    );
  });

  it('an expression says what it expected and where', () => {
    const e = errorOf('DATEADD(DATETIME("today"), -7) : now');
    expect(e.part).toBe('DATEADD(DATETIME("today"), -7)');
    expect(e.message).toContain('expected "," but found ")" at position 30');
    expect(errorOf('DATETRUNC(DATETIME("today"), fortnight) : now').message).toContain('expected a unit');
    expect(errorOf('DATETIME("today") extra : now').message).toContain('expected the end of the expression but found "extra"');
    expect(errorOf('LASTDAY(DATETIME("today"), hour) : now').message).toContain('expected a unit (year, quarter, month, week, day)');
    expect(errorOf('DATETIME("soon") : now').message).toBe(
      'Error parsing time range: "DATETIME("soon") : now" — "DATETIME("soon")" is not a valid expression: DATETIME("soon") — "soon" is not a valid date or expression',
    );
    expect(errorOf('DATETIME("today : now').part).toBe('DATETIME("today');
  });

  it('an impossible date', () => {
    expect(errorOf('2024-02-30 : now').message).toBe(
      'Error parsing time range: "2024-02-30 : now" — "2024-02-30" is not a valid date: a field is out of range',
    );
    expect(errorOf('2024-01-01T25:00:00 : now').part).toBe('2024-01-01T25:00:00');
  });

  it('a date beyond what can be represented', () => {
    expect(errorOf('DATEADD(DATETIME("today"), 999999999, year) : ').message).toBe(
      'Error parsing time range: "DATEADD(DATETIME("today"), 999999999, year) :" — "DATEADD(DATETIME("today"), 999999999, year)" is outside the dates that can be represented',
    );
  });

  it('HOLIDAY() is refused with a reason', () => {
    expect(errorOf('HOLIDAY("Christmas") : now').message).toContain('HOLIDAY(), which is not supported');
  });

  it('a range without a separator that is not a named range', () => {
    expect(errorOf('2024-01-01').message).toBe(
      'Error parsing time range: "2024-01-01" — write "<since> : <until>" or a named range such as "Last week"',
    );
    expect(errorOf('Last fortnight').message).toBe(
      'Error parsing time range: "Last fortnight" — "Last fortnight" is not a valid date or expression',
    );
  });

  it("since after until fails with the peer's wording", () => {
    const e = errorOf('tomorrow : yesterday');
    expect(e.message).toBe(SINCE_AFTER_UNTIL_MESSAGE);
    expect(e.message).toBe('From date cannot be larger than to date');
  });

  it('an unknown time zone', () => {
    expect(errorOf('today : now', { timeZone: 'Mars/Olympus' }).message).toContain('"Mars/Olympus" is not a known time zone');
  });
});
