import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './outage.js';

describe('a connection failure to a service does not stop the server (Redis down)', () => {
  it('tells network errors from bugs', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6390'), { code: 'ECONNREFUSED', port: 6390 });
    expect(isConnectionFailure(refused)).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('x'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isConnectionFailure(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });
});
