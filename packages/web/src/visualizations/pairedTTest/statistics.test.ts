import { describe, expect, it } from 'vitest';
import { liftPercent, pairedTTestPValue, regularizedBeta, studentTCdf } from './statistics';

// reference values from scipy.stats (t.cdf, ttest_rel)
describe("Student's t distribution", () => {
  it('matches known values of the cumulative distribution', () => {
    expect(studentTCdf(-2.228138852, 10)).toBeCloseTo(0.025, 9);
    expect(studentTCdf(-1, 1)).toBeCloseTo(0.25, 12); // Cauchy
    expect(studentTCdf(-2, 2)).toBeCloseTo(0.09175170953613698, 12);
    expect(studentTCdf(-0.5, 30)).toBeCloseTo(0.3103615024425636, 10);
    expect(studentTCdf(-4.5, 3)).toBeCloseTo(0.0102452061722267, 10);
    expect(studentTCdf(-1.3, 120)).toBeCloseTo(0.09804623887954315, 10);
    expect(studentTCdf(2, 2)).toBeCloseTo(1 - 0.09175170953613698, 12);
    expect(studentTCdf(0, 7)).toBeCloseTo(0.5, 12);
  });

  it('is 0 and 1 at the infinities and NaN without degrees of freedom', () => {
    expect(studentTCdf(Number.NEGATIVE_INFINITY, 4)).toBe(0);
    expect(studentTCdf(Number.POSITIVE_INFINITY, 4)).toBe(1);
    expect(studentTCdf(-1, 0)).toBeNaN();
    expect(regularizedBeta(0.5, 2, 2)).toBeCloseTo(0.5, 12);
  });
});

describe('paired t-test', () => {
  it('two-sided p-value of the paired differences (scipy ttest_rel)', () => {
    const a = [12.1, 14.3, 11.8, 15.2, 13.9, 12.7, 14.8, 13.1];
    const b = [11.4, 13.9, 12.2, 14.1, 13.0, 12.1, 13.7, 12.8];
    expect(pairedTTestPValue(a, b)).toBeCloseTo(0.012355776346530742, 10);
    expect(pairedTTestPValue(b, a)).toBeCloseTo(0.012355776346530742, 10);
    expect(pairedTTestPValue([1, 2, 3, 4, 5], [2, 4, 5, 4, 7])).toBeCloseTo(0.024896163460222765, 10);
  });

  it('identical series cannot be tested (NaN); a constant shift is certain (0); one point is too few', () => {
    expect(pairedTTestPValue([1, 2, 3], [1, 2, 3])).toBeNaN();
    expect(pairedTTestPValue([1, 2, 3], [2, 3, 4])).toBe(0);
    expect(pairedTTestPValue([1], [2])).toBeNaN();
  });

  it('a missing point counts as 0, as in the peer', () => {
    expect(pairedTTestPValue([1, null, 3, 5], [2, 4, 5, 4])).toBeCloseTo(pairedTTestPValue([1, 0, 3, 5], [2, 4, 5, 4]), 12);
  });
});

describe('lift', () => {
  it('the percent change of the total against the control total', () => {
    expect(liftPercent([110, 120], [100, 100])).toBeCloseTo(15, 12);
    expect(liftPercent([90, null], [100, 100])).toBeCloseTo(-55, 12);
    expect(liftPercent([1], [0])).toBe(Number.POSITIVE_INFINITY);
    expect(liftPercent([0], [0])).toBeNaN();
  });
});
