import { describe, expect, it } from 'vitest';
import { likePattern } from './textMatch.js';

describe('likePattern — list filters match the typed text literally, ignoring case', () => {
  it('wraps by mode', () => {
    expect(likePattern('Abc', 'ct')).toBe('%abc%');
    expect(likePattern('Abc', 'sw')).toBe('abc%');
    expect(likePattern('Abc', 'ew')).toBe('%abc');
  });
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('50%_off!', 'ct')).toBe('%50!%!_off!!%');
  });
});
