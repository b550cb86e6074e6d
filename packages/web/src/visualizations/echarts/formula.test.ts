import { describe, expect, it } from 'vitest';
import { compileFormula, tryCompileFormula } from './formula';

const at = (src: string, x: number) => compileFormula(src)(x);

describe('formula annotation expressions', () => {
  it('evaluates arithmetic of x with the usual precedence', () => {
    expect(at('x*2+1', 3)).toBe(7);
    expect(at('2 + 3 * x', 2)).toBe(8);
    expect(at('(2 + 3) * x', 2)).toBe(10);
    expect(at('x / 4 - 1', 8)).toBe(1);
    expect(at('x % 3', 7)).toBe(1);
    expect(at('-x^2', 3)).toBe(-9);
    expect(at('2^3^2', 0)).toBe(512);
    expect(at('x**2', 4)).toBe(16);
    expect(at('1.5e3 + .5', 0)).toBe(1500.5);
  });

  it('knows a few Math functions and constants, and implicit products', () => {
    expect(at('sqrt(x)', 16)).toBe(4);
    expect(at('abs(-x)', 2)).toBe(2);
    expect(at('max(x, 10, 3)', 4)).toBe(10);
    expect(at('min(x, 10)', 4)).toBe(4);
    expect(at('log(exp(x))', 2)).toBeCloseTo(2);
    expect(at('sin(0) + cos(0)', 0)).toBe(1);
    expect(at('2pi', 0)).toBeCloseTo(2 * Math.PI);
    expect(at('2x + 3(x - 1)', 2)).toBe(7);
  });

  it('a value that is not a finite number is a gap (null)', () => {
    expect(at('1/x', 0)).toBeNull();
    expect(at('sqrt(x)', -1)).toBeNull();
  });

  it('refuses anything that is not arithmetic of x', () => {
    for (const src of [
      'constructor',
      'alert(1)',
      'x.constructor',
      '__proto__',
      'toString(x)',
      'hasOwnProperty(x)',
      'Math.sqrt(x)',
      'this',
      'window',
      '"a"',
      "fetch('/api')",
      'x = 1',
      'x; 1',
      '[1]',
      '() => 1',
      'y',
      '',
      'sqrt(1, 2)',
      '(x',
      'x +',
    ]) {
      const r = tryCompileFormula(src);
      expect(r.formula, src).toBeNull();
      expect(r.error, src).toBeTruthy();
    }
    expect(tryCompileFormula('constructor').error).toBe("Unknown name 'constructor'");
  });

  it('refuses very long or deeply nested input', () => {
    expect(tryCompileFormula('x+'.repeat(300) + 'x').error).toMatch(/longer than/);
    expect(tryCompileFormula('('.repeat(100) + 'x' + ')'.repeat(100)).error).toMatch(/nested too deeply/);
    expect(tryCompileFormula('-'.repeat(100) + 'x').error).toMatch(/nested too deeply/);
  });
});
