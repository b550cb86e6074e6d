import { describe, expect, it } from 'vitest';
import { LOG_BATCH_MAX_EVENTS } from '@rama/shared';
import { eventRow, parseEvents } from './service.js';

const ctx = { userId: 7, dashboardId: null, sliceId: null, referrer: null };

describe('parseEvents (the `events` field of POST /rama/log/)', () => {
  it('reads a JSON array from form text or from a parsed JSON body', () => {
    expect(parseEvents('[{"event_name":"a"}]')).toEqual([{ event_name: 'a' }]);
    expect(parseEvents([{ event_name: 'b' }])).toEqual([{ event_name: 'b' }]);
  });

  it(`allows at most ${LOG_BATCH_MAX_EVENTS} events (spec: a log batch holds at most 1024 events)`, () => {
    expect(parseEvents(Array.from({ length: LOG_BATCH_MAX_EVENTS }, () => ({})))).toHaveLength(LOG_BATCH_MAX_EVENTS);
    expect(() => parseEvents(Array.from({ length: LOG_BATCH_MAX_EVENTS + 1 }, () => ({})))).toThrow('Too many events');
  });

  it('refuses missing, malformed and non-object events', () => {
    for (const bad of [undefined, '', '[', '{}', '[1]', '[null]', '[[]]']) expect(() => parseEvents(bad)).toThrow();
  });
});

describe('eventRow', () => {
  it('names the row after the event and keeps the event as JSON', () => {
    const e = { event_name: 'spa_navigation', source: 'sqlLab', source_id: 'x' };
    expect(eventRow(e, ctx, 'T')).toEqual({
      action: 'spa_navigation',
      user_id: 7,
      json: JSON.stringify(e),
      dttm: 'T',
      dashboard_id: null,
      slice_id: null,
      duration_ms: null,
      referrer: null,
    });
  });

  it('takes the duration of timing events only, rounded', () => {
    expect(eventRow({ event_type: 'timing', duration: 12.6 }, ctx, 'T').duration_ms).toBe(13);
    expect(eventRow({ event_type: 'user', duration: 12 }, ctx, 'T').duration_ms).toBeNull();
  });

  it('prefers ids from the query string, then the event, then its dashboard or explore source', () => {
    const e = { source: 'dashboard', source_id: 3, slice_id: 4 };
    expect(eventRow(e, ctx, 'T')).toMatchObject({ dashboard_id: 3, slice_id: 4 });
    expect(eventRow(e, { ...ctx, dashboardId: 9 }, 'T')).toMatchObject({ dashboard_id: 9 });
    expect(eventRow({ source: 'explore', source_id: '5' }, ctx, 'T')).toMatchObject({ slice_id: 5, dashboard_id: null });
    expect(eventRow({ dashboard_id: 99_999_999_999 }, ctx, 'T').dashboard_id).toBeNull();
  });

  it('falls back to the action "log" without an event name', () => {
    expect(eventRow({}, ctx, 'T').action).toBe('log');
  });
});
