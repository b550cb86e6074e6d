/**
 * The statistics of the paired t-test table, as the BI server's table computes them: a two-sided
 * paired t-test on the differences between a group's series and the control's series (Student's t
 * with n − 1 degrees of freedom), and the lift of the group's total over the control's. Missing
 * points count as 0, as they do in the peer's arithmetic, so both tables show the same numbers.
 */
import { gammaln, mean, sampleStandardDeviation } from 'simple-statistics';

const MAX_ITERATIONS = 300;
const EPSILON = 3e-16;
const TINY = 1e-300;

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < EPSILON) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log(1 - x));
  // the fraction converges quickly on this side of the mean; use the symmetry on the other
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(a, b, x)) / a : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom (NaN when df < 1). */
export function studentTCdf(t: number, df: number): number {
  if (!(df >= 1) || Number.isNaN(t)) return Number.NaN;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  if (t === Number.POSITIVE_INFINITY) return 1;
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t < 0 ? tail : 1 - tail;
}

/** A point as the peer's arithmetic reads it: null is 0, anything else not a number is NaN. */
const asNumber = (v: number | null | undefined): number => (v === null ? 0 : v === undefined ? Number.NaN : v);

/**
 * The two-sided p-value of the paired t-test of `values` against `control` (point by point): the
 * differences that are finite numbers, t = mean / (sd / √n), p = 2 · P(T ≤ −|t|). NaN when fewer
 * than two differences; 0 when every difference is the same non-zero number.
 */
export function pairedTTestPValue(values: readonly (number | null)[], control: readonly (number | null)[]): number {
  const diffs: number[] = [];
  values.forEach((v, i) => {
    const diff = asNumber(control[i]) - asNumber(v);
    if (Number.isFinite(diff)) diffs.push(diff);
  });
  if (diffs.length < 2) return Number.NaN;
  const t = mean(diffs) / (sampleStandardDeviation(diffs) / Math.sqrt(diffs.length));
  return 2 * studentTCdf(-Math.abs(t), diffs.length - 1);
}

/** The lift in percent: (Σ values − Σ control) / Σ control × 100 (Infinity or NaN for a zero control total). */
export function liftPercent(values: readonly (number | null)[], control: readonly (number | null)[]): number {
  let sum = 0;
  let sumControl = 0;
  values.forEach((v, i) => {
    sum += asNumber(v);
    sumControl += asNumber(control[i]);
  });
  return ((sum - sumControl) / sumControl) * 100;
}
