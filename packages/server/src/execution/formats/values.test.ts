import { describe, expect, it } from 'vitest';
import { temporalMs } from './values.js';

/** temporalMs as it was before its Date.parse fast path: fields through Date.UTC. */
function byFields(v: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = ''] = m;
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), frac ? Math.round(Number(frac) * 1000) : 0);
  return Number.isNaN(t) ? null : t;
}

describe('temporalMs', () => {
  it('reads a canonical wall time as Date.UTC of its fields, odd ones included', () => {
    const samples = [
      '2024-01-01T00:00:00',
      '2024-02-29T23:59:59',
      '2023-02-29T12:00:00',
      '2021-04-31T00:00:00',
      '2020-13-01T00:00:00',
      '2020-01-01T24:00:00',
      '2020-01-01T24:30:00',
      '2020-01-01T23:59:60',
      '1970-01-01T00:00:00.001',
      '1969-12-31T23:59:59.999',
      '2024-06-15T08:30:15.500',
      '2024-06-15T08:30:15.123',
      '9999-12-31T23:59:59.999',
      '1000-01-01T00:00:00',
      '0099-01-01T00:00:00',
      '0000-01-01T00:00:00',
    ];
    for (let i = 0; i < 2000; i++) {
      const n = (max: number, w = 2) => String(Math.floor(Math.random() * max)).padStart(w, '0');
      samples.push(`${n(10000, 4)}-${n(14)}-${n(33)}T${n(26)}:${n(61)}:${n(62)}${i % 2 ? `.${n(1000, 3)}` : ''}`);
    }
    for (const s of samples) expect([s, temporalMs(s)]).toEqual([s, byFields(s)]);
  });
});
