import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEvent } from '@rama/shared';
import { LogQueue, buildLogEvent, sourceOfPath, toLogPosts, type LogEventContext } from './logger';

const CONTEXT: LogEventContext = {
  impressionId: 'imp-1',
  ts: 1_700_000_000_000,
  eventId: 'evt-1',
  visibility: 'visible',
  pathname: '/savedqueryview/list/',
  lastUserEventId: null,
};

function events(n: number, from = 0): LogEvent[] {
  return Array.from({ length: n }, (_, i) => ({ event_name: `e${from + i}` }));
}

describe('event log batching (spec section 9: at most 1024 events, 1000 ms after the latest)', () => {
  let sent: LogEvent[][];
  let queue: LogQueue;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    queue = new LogQueue((batch) => sent.push(batch));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a batch 1000 ms after the latest event, not before', () => {
    queue.append({ event_name: 'a' });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[{ event_name: 'a' }]]);
  });

  it('is debounced: each new event pushes the send back, then one batch carries them all', () => {
    queue.append({ event_name: 'a' });
    vi.advanceTimersByTime(800);
    queue.append({ event_name: 'b' });
    vi.advanceTimersByTime(800);
    queue.append({ event_name: 'c' });
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent.map((b) => b.map((e) => e.event_name))).toEqual([['a', 'b', 'c']]);
  });

  it('holds at most 1024 events per batch and repeats while a backlog remains', () => {
    for (const event of events(2100)) queue.append(event);
    vi.advanceTimersByTime(1000);
    expect(sent.map((b) => b.length)).toEqual([1024]);
    expect(queue.pending).toBe(1076);
    vi.advanceTimersByTime(1000);
    expect(sent.map((b) => b.length)).toEqual([1024, 1024]);
    vi.advanceTimersByTime(1000);
    expect(sent.map((b) => b.length)).toEqual([1024, 1024, 52]);
    expect(sent.flat().map((e) => e.event_name)).toEqual(events(2100).map((e) => e.event_name));
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
  });

  it('flush (page hide) sends the whole backlog at once, in batches of 1024, and cancels the timer', () => {
    for (const event of events(1500)) queue.append(event);
    queue.flush();
    expect(sent.map((b) => b.length)).toEqual([1024, 476]);
    vi.advanceTimersByTime(2000);
    expect(sent).toHaveLength(2);
    queue.flush();
    expect(sent).toHaveLength(2);
  });
});

describe('event fields (spec section 7 "Event logging")', () => {
  it('carries impression id, version v2, ts, name, type, id and visibility, plus the payload', () => {
    const event = buildLogEvent('spa_navigation', { path: '/x/', target_name: 'x' }, {}, CONTEXT);
    expect(event).toEqual({
      path: '/x/',
      target_name: 'x',
      impression_id: 'imp-1',
      version: 'v2',
      ts: 1_700_000_000_000,
      event_name: 'spa_navigation',
      event_type: 'user',
      event_id: 'evt-1',
      visibility: 'visible',
    });
  });

  it('takes source and source id from the options, and SQL Lab adds db_id and schema through the payload', () => {
    const event = buildLogEvent('sqllab_run_query', { db_id: 3, schema: 'main' }, { source: 'sqlLab', sourceId: 'tab1' }, CONTEXT);
    expect(event).toMatchObject({ source: 'sqlLab', source_id: 'tab1', db_id: 3, schema: 'main' });
  });

  it('defaults the source to the area of the open page', () => {
    expect(buildLogEvent('x', {}, {}, { ...CONTEXT, pathname: '/sqllab/' }).source).toBe('sqlLab');
    expect(sourceOfPath('/rama/dashboard/5/')).toBe('dashboard');
    expect(sourceOfPath('/explore/')).toBe('explore');
    expect(sourceOfPath('/tablemodelview/list/')).toBeUndefined();
  });

  it('a payload cannot overwrite the fields every event carries', () => {
    const event = buildLogEvent('real', { event_name: 'fake', impression_id: 'other', version: 'v1' }, {}, CONTEXT);
    expect(event).toMatchObject({ event_name: 'real', impression_id: 'imp-1', version: 'v2' });
  });

  it('a timing event names the last user event as its trigger', () => {
    const timing = buildLogEvent('load', { duration: 120 }, { eventType: 'timing' }, { ...CONTEXT, lastUserEventId: 'evt-0' });
    expect(timing).toMatchObject({ event_type: 'timing', trigger_event: 'evt-0', duration: 120 });
  });
});

describe('log posts', () => {
  it('posts to /rama/log/?explode=events', () => {
    expect(toLogPosts([{ event_name: 'a' }, { event_name: 'b' }])).toEqual([
      { url: '/rama/log/?explode=events', events: [{ event_name: 'a' }, { event_name: 'b' }] },
    ]);
  });

  it('adds dashboard_id or slice_id when the events carry them, one post per target', () => {
    const posts = toLogPosts([
      { event_name: 'a', source: 'dashboard', source_id: 7 },
      { event_name: 'b' },
      { event_name: 'c', source: 'explore', source_id: '12' },
      { event_name: 'd', dashboard_id: 7 },
      { event_name: 'e', slice_id: 12, source: 'explore' },
    ]);
    expect(posts.map((p) => [p.url, p.events.map((e) => e.event_name)])).toEqual([
      ['/rama/log/?explode=events&dashboard_id=7', ['a', 'd']],
      ['/rama/log/?explode=events', ['b']],
      ['/rama/log/?explode=events&slice_id=12', ['c', 'e']],
    ]);
  });

  it('leaves out ids the server would refuse (not a positive integer)', () => {
    const posts = toLogPosts([
      { event_name: 'a', source: 'dashboard', source_id: 'my-slug' },
      { event_name: 'b', slice_id: -1 },
    ]);
    expect(posts.map((p) => p.url)).toEqual(['/rama/log/?explode=events']);
  });
});
