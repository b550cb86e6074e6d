import { describe, expect, it } from 'vitest';
import { chartDataTimeoutMs } from './chartTimeout';

describe('chartDataTimeoutMs', () => {
  it("waits the server's RAMA_WEBSERVER_TIMEOUT plus 5 seconds", () => {
    expect(chartDataTimeoutMs({ RAMA_WEBSERVER_TIMEOUT: 120 })).toBe(125_000);
    expect(chartDataTimeoutMs({ RAMA_WEBSERVER_TIMEOUT: 1 })).toBe(6_000);
  });

  it('falls back to 60 + 5 seconds when the bootstrap has no usable value', () => {
    expect(chartDataTimeoutMs(undefined)).toBe(65_000);
    expect(chartDataTimeoutMs({})).toBe(65_000);
    expect(chartDataTimeoutMs({ RAMA_WEBSERVER_TIMEOUT: 0 })).toBe(65_000);
  });
});
