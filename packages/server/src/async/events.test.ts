import { afterEach, describe, expect, it } from 'vitest';
import { compareEventIds, type AsyncEvent } from '@rama/shared';
import { CHANNEL_MAX_EVENTS, ChannelListeners, EventIdClock, MemoryEventStore, READ_MAX_EVENTS, type NewAsyncEvent } from './events.js';

const ev = (channel: string, job: string, status: NewAsyncEvent['status'] = 'done'): NewAsyncEvent => ({
  channel_id: channel,
  job_id: job,
  user_id: 1,
  status,
  errors: [],
  result_url: status === 'done' ? `/api/v1/chart/data/${job}` : null,
});

let store: MemoryEventStore;
afterEach(async () => {
  await store?.close();
});

describe('event ids', () => {
  it('increase within one millisecond and never go back when the clock does', () => {
    const clock = new EventIdClock();
    const ids = [clock.next(1000), clock.next(1000), clock.next(999), clock.next(1001)];
    expect(ids).toEqual(['1000-0', '1000-1', '1000-2', '1001-0']);
  });
});

describe('the in-memory event store', () => {
  it('keeps each channel apart and reads after the last id', async () => {
    store = new MemoryEventStore();
    const a1 = await store.publish(ev('a', 'j1'));
    await store.publish(ev('b', 'j2'));
    const a2 = await store.publish(ev('a', 'j3', 'error'));
    expect((await store.read('a', null)).map((e) => e.job_id)).toEqual(['j1', 'j3']);
    expect(await store.read('a', a1.id)).toEqual([a2]);
    expect(await store.read('a', a2.id)).toEqual([]);
    expect(await store.read('nobody', null)).toEqual([]);
    expect(compareEventIds(a1.id, a2.id)).toBeLessThan(0);
  });

  it('keeps the newest 1000 events of a channel and reads 100 at a time', async () => {
    store = new MemoryEventStore();
    for (let i = 0; i < CHANNEL_MAX_EVENTS + 5; i++) await store.publish(ev('a', `j${i}`));
    const first = await store.read('a', null);
    expect(first).toHaveLength(READ_MAX_EVENTS);
    expect(first[0].job_id).toBe('j5');
    let last = first.at(-1)!.id;
    let total = first.length;
    for (;;) {
      const page = await store.read('a', last);
      if (!page.length) break;
      total += page.length;
      last = page.at(-1)!.id;
    }
    expect(total).toBe(CHANNEL_MAX_EVENTS);
  });

  it('a follower gets the backlog after its last id, then new events of its channel only, once each', async () => {
    store = new MemoryEventStore();
    const old = await store.publish(ev('a', 'old'));
    await store.publish(ev('a', 'missed'));
    const got: string[] = [];
    const stop = await store.follow('a', old.id, (e) => got.push(e.job_id));
    await store.publish(ev('b', 'other'));
    await store.publish(ev('a', 'live'));
    stop();
    await store.publish(ev('a', 'after-stop'));
    expect(got).toEqual(['missed', 'live']);
  });

  it('a follower without a last id gets new events only', async () => {
    store = new MemoryEventStore();
    await store.publish(ev('a', 'old'));
    const got: string[] = [];
    const stop = await store.follow('a', null, (e) => got.push(e.job_id));
    await store.publish(ev('a', 'new'));
    stop();
    expect(got).toEqual(['new']);
  });
});

describe('channel listeners', () => {
  it('hold events published while the backlog is read, and drop repeats the backlog already had', async () => {
    const listeners = new ChannelListeners();
    const e = (id: string): AsyncEvent => ({ id, ...ev('a', `j${id}`) });
    const got: string[] = [];
    const following = listeners.follow(
      'a',
      '1-0',
      async () => {
        // published during the backlog read: 3-0 is also in the backlog, 4-0 only live
        listeners.emit(e('3-0'));
        listeners.emit(e('4-0'));
        return [e('2-0'), e('3-0')];
      },
      (x) => got.push(x.id),
    );
    const stop = await following;
    listeners.emit(e('5-0'));
    stop();
    listeners.emit(e('6-0'));
    expect(got).toEqual(['2-0', '3-0', '4-0', '5-0']);
    expect(listeners.size).toBe(0);
  });

  it('a failing listener does not keep the event from the others', async () => {
    const listeners = new ChannelListeners();
    const got: string[] = [];
    await listeners.follow(
      'a',
      null,
      () => Promise.resolve([]),
      () => {
        throw new Error('gone');
      },
    );
    await listeners.follow(
      'a',
      null,
      () => Promise.resolve([]),
      (x) => got.push(x.id),
    );
    listeners.emit({ id: '1-0', ...ev('a', 'j') });
    expect(got).toEqual(['1-0']);
  });
});
