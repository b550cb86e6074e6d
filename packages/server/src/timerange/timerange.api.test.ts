import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeRange, toNaiveIsoString } from '@rama/shared';
import { startTestServer, type Client, type TestServer } from '../test-support/server.js';
import { loggedInUser } from '../test-support/users.js';

interface RangeReply {
  since: string;
  until: string;
  timeRange: string;
  shift: string | null;
}

let server: TestServer;
let gamma: Client;

const get = (c: Client, q: string) => c.get<{ result: RangeReply[]; message?: unknown }>(`/api/v1/time_range/?q=${encodeURIComponent(q)}`);

/** What the server should answer for a relative range at `now`. */
function expected(timeRange: string, now: Date): RangeReply {
  const { since, until } = parseTimeRange(timeRange, { now });
  return { since: since ? toNaiveIsoString(since) : '', until: until ? toNaiveIsoString(until) : '', timeRange, shift: null };
}

beforeAll(async () => {
  server = await startTestServer({}, { examples: false });
  const admin = await server.admin();
  gamma = (await loggedInUser(server, admin, 'gina', ['Gamma'])).client;
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/time_range/', () => {
  it('answers only a logged-in user', async () => {
    const r = await server.client().get(`/api/v1/time_range/?q=${encodeURIComponent("'Last week'")}`);
    expect(r.status).toBe(401);
  });

  it('turns one rison string into its naive UTC bounds', async () => {
    const before = new Date();
    const r = await get(gamma, "'Last week'");
    const after = new Date();
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(1);
    // the request may straddle midnight: either moment's answer is right
    expect([expected('Last week', before), expected('Last week', after)]).toContainEqual(r.body.result[0]);
    expect(r.body.result[0].until).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    expect(Date.parse(`${r.body.result[0].until}Z`) - Date.parse(`${r.body.result[0].since}Z`)).toBe(7 * 86_400_000);
  });

  it('answers a list of ranges in order; No filter is open on both sides (empty strings)', async () => {
    const r = await get(gamma, "!('2024-01-01 : 2024-02-01T10:00:00','No filter',' : 2024-03-01')");
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([
      { since: '2024-01-01T00:00:00', until: '2024-02-01T10:00:00', timeRange: '2024-01-01 : 2024-02-01T10:00:00', shift: null },
      { since: '', until: '', timeRange: 'No filter', shift: null },
      { since: '', until: '2024-03-01T00:00:00', timeRange: ' : 2024-03-01', shift: null },
    ]);
  });

  it('reads date expressions and calendar ranges', async () => {
    const r = await get(
      gamma,
      `!('DATEADD(DATETIME("2024-03-31"), -1, month) : LASTDAY(DATETIME("2024-02-10"), quarter)','previous calendar month')`,
    );
    expect(r.status).toBe(200);
    expect(r.body.result[0]).toMatchObject({ since: '2024-02-29T00:00:00', until: '2024-03-31T00:00:00' });
    expect(r.body.result[1].since).toMatch(/^\d{4}-\d{2}-01T00:00:00$/);
    expect(r.body.result[1].until).toMatch(/^\d{4}-\d{2}-01T00:00:00$/);
  });

  it('applies a time shift given with the range, and echoes it', async () => {
    const r = await get(
      gamma,
      "!((timeRange:'2000-01-01T00:00:00 : 2018-01-01T00:00:00',shift:'1 year ago'),(timeRange:'2000-01-01 : 2018-01-01',shift:inherited))",
    );
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([
      {
        since: '1999-01-01T00:00:00',
        until: '2017-01-01T00:00:00',
        timeRange: '2000-01-01T00:00:00 : 2018-01-01T00:00:00',
        shift: '1 year ago',
      },
      { since: '1981-12-31T00:00:00', until: '2000-01-01T00:00:00', timeRange: '2000-01-01 : 2018-01-01', shift: 'inherited' },
    ]);
  });

  it('answers the previous calendar quarter: the whole quarter before the current one', async () => {
    const before = new Date();
    const r = await get(gamma, "'previous calendar quarter'");
    const after = new Date();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([expected('previous calendar quarter', before), expected('previous calendar quarter', after)]).toContainEqual(r.body.result[0]);
    const { since, until } = r.body.result[0];
    expect(since).toMatch(/^\d{4}-(01|04|07|10)-01T00:00:00$/);
    expect(until).toMatch(/^\d{4}-(01|04|07|10)-01T00:00:00$/);
  });

  it("answers the Custom tab's specific date-times and DATEADD bounds anchored to them", async () => {
    const r = await get(
      gamma,
      '!(\'DATEADD(DATETIME("2024-05-01T00:00:00"), -7, day) : 2024-05-01T00:00:00\',\'2024-03-31T12:00:00 : DATEADD(DATETIME("2024-03-31T12:00:00"), 1, quarter)\')',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.map(({ since, until }) => [since, until])).toEqual([
      ['2024-04-24T00:00:00', '2024-05-01T00:00:00'],
      ['2024-03-31T12:00:00', '2024-06-30T12:00:00'],
    ]);
  });

  it('a range that cannot be read is a 400 naming the part that failed', async () => {
    const r = await get(gamma, "'sometime : now'");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'Error parsing time range: "sometime : now" — "sometime" is not a valid date or expression' });

    const shifted = await get(gamma, "!((timeRange:'Last week',shift:'a while ago'))");
    expect(shifted.status).toBe(400);
    expect(shifted.body.message).toContain('"a while ago"');
  });

  it("since after until is a 400 with the peer's wording", async () => {
    const r = await get(gamma, "'2024-02-01 : 2024-01-01'");
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'From date cannot be larger than to date' });
  });

  it('a q that is not a range or a list of ranges is a 400 on q', async () => {
    for (const q of ['', '(a:1)', '!()', '!(1)', "!((shift:'1 day ago'))", "'unclosed"]) {
      const r = await gamma.get<{ message: Record<string, string[]> }>(`/api/v1/time_range/${q ? `?q=${encodeURIComponent(q)}` : ''}`);
      expect(r.status, q).toBe(400);
      expect(r.body.message.q?.[0], q).toContain('Give a time range');
    }
  });
});
