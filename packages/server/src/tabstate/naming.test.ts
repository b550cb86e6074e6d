import { describe, expect, it } from 'vitest';
import { nextUntitledName } from './naming.js';

describe('spec §3: tabs are named "Untitled Query N", N one above the highest existing number', () => {
  it('starts at 1', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Flights', 'Copy of Flights'])).toBe('Untitled Query 1');
  });

  it('goes one above the highest number, not the count', () => {
    expect(nextUntitledName(['Untitled Query 1', 'Untitled Query 7', 'Untitled Query 3'])).toBe('Untitled Query 8');
  });

  it('ignores names that only look similar', () => {
    expect(nextUntitledName(['Untitled Query 2b', 'Untitled Query', 'untitled query 9', 'Untitled Query -4'])).toBe('Untitled Query 1');
  });
});
