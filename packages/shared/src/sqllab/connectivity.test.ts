import { describe, expect, it } from 'vitest';
import { nextConnectivity, OFFLINE_AFTER_FAILURES, ONLINE, type Connectivity, type ConnectivityEvent } from './connectivity.js';

const run = (events: ConnectivityEvent[], from: Connectivity = ONLINE) => events.reduce(nextConnectivity, from);

describe('SQL Lab offline state', () => {
  it('one call without a reply is not enough; repeated ones are', () => {
    expect(run(['no-reply'])).toEqual({ offline: false, failures: 1 });
    expect(OFFLINE_AFTER_FAILURES).toBe(2);
    expect(run(['no-reply', 'no-reply'])).toEqual({ offline: true, failures: 2 });
  });

  it('a reply in between resets the count', () => {
    expect(run(['no-reply', 'reply', 'no-reply']).offline).toBe(false);
  });

  it("the browser's offline event is offline at once", () => {
    expect(run(['browser-offline']).offline).toBe(true);
  });

  it('back online only once the server answers, not on the browser event alone', () => {
    const off = run(['browser-offline']);
    expect(run(['browser-online'], off).offline).toBe(true);
    expect(run(['browser-online', 'reply'], off)).toEqual(ONLINE);
    expect(run(['no-reply', 'no-reply', 'no-reply', 'reply'])).toEqual(ONLINE);
  });

  it('a reply while online changes nothing (same object, no re-render)', () => {
    expect(nextConnectivity(ONLINE, 'reply')).toBe(ONLINE);
  });
});
