import { describe, expect, it } from 'vitest';
import { QueueFullError, RoundRobin, UserJobCounts } from './fair.js';

const drain = <T>(rr: RoundRobin<T>): T[] => {
  const out: T[] = [];
  for (let item = rr.shift(); item !== undefined; item = rr.shift()) out.push(item);
  return out;
};

describe('round-robin picker of waiting jobs', () => {
  it("takes one job per user in turn: a backlog does not hold another user's job behind it", () => {
    const rr = new RoundRobin<string>();
    for (let i = 1; i <= 200; i++) rr.push(1, `a${i}`);
    rr.push(3, 'c1');
    expect(rr.size).toBe(201);
    expect(rr.shift()).toBe('a1');
    // C's job is the next one taken although 199 of A's arrived before it
    expect(rr.shift()).toBe('c1');
    expect(rr.shift()).toBe('a2');
    expect(rr.size).toBe(198);
  });

  it("keeps each user's own order and alternates between users", () => {
    const rr = new RoundRobin<string>();
    rr.push(1, 'a1');
    rr.push(1, 'a2');
    rr.push(1, 'a3');
    rr.push(2, 'b1');
    rr.push(3, 'c1');
    rr.push(3, 'c2');
    expect(drain(rr)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
    expect(rr.size).toBe(0);
    expect(rr.shift()).toBeUndefined();
  });

  it('a user who arrives while others wait joins the back of the rotation', () => {
    const rr = new RoundRobin<string>();
    rr.push(1, 'a1');
    rr.push(1, 'a2');
    rr.push(2, 'b1');
    expect(rr.shift()).toBe('a1');
    rr.push(3, 'c1');
    expect(drain(rr)).toEqual(['b1', 'a2', 'c1']);
  });

  it("passes over users who may not start another job now, keeping their turn's place", () => {
    const rr = new RoundRobin<string>();
    rr.push(1, 'a1');
    rr.push(1, 'a2');
    rr.push(3, 'c1');
    expect(rr.shift((user) => user !== 1)).toBe('c1');
    expect(rr.shift((user) => user !== 1)).toBeUndefined();
    expect(rr.size).toBe(2);
    expect(rr.shift()).toBe('a1');
  });

  it('forgets everything on clear', () => {
    const rr = new RoundRobin<number>();
    rr.push(1, 1);
    rr.push(2, 2);
    rr.clear();
    expect(rr.size).toBe(0);
    expect(rr.shift()).toBeUndefined();
  });
});

describe('jobs held per user', () => {
  it('refuses a job over the limit with a message naming it, per user, and frees a slot on release', () => {
    const held = new UserJobCounts(2);
    held.take(1);
    held.take(1);
    expect(() => held.take(1)).toThrow(QueueFullError);
    expect(() => held.take(1)).toThrow('You have 2 charts waiting to load already.');
    held.take(2);
    expect(held.of(2)).toBe(1);
    held.release(1);
    held.take(1);
    expect(held.of(1)).toBe(2);
  });
});
