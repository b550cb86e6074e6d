import { describe, expect, it } from 'vitest';
import { annotationFormErrors, fromInputDttm, shownDttm, toInputDttm } from './annotationForm';

const valid = { short_descr: 'Launch', start: '2024-03-01T08:00', end: '2024-03-01T08:00', long_descr: '', json_metadata: '' };

describe('annotation form', () => {
  it('round-trips a stored time through the date-time input', () => {
    expect(toInputDttm('2024-03-01T08:30:00')).toBe('2024-03-01T08:30');
    expect(fromInputDttm('2024-03-01T08:30')).toBe('2024-03-01T08:30:00');
    expect(toInputDttm(null)).toBe('');
  });

  it('shows a stored time without zero seconds, and with them otherwise', () => {
    expect(shownDttm('2024-03-01T08:30:00')).toBe('2024-03-01 08:30');
    expect(shownDttm('2024-03-01T08:30:15')).toBe('2024-03-01 08:30:15');
  });

  it('accepts an event (end equal to start) and refuses an end before the start', () => {
    expect(annotationFormErrors(valid)).toEqual({});
    expect(annotationFormErrors({ ...valid, end: '2024-02-29T23:59' })).toEqual({ end: 'End date must be after start date' });
  });

  it('asks for a name, both times and JSON metadata that parses', () => {
    expect(annotationFormErrors({ ...valid, short_descr: ' ', start: '', end: '', json_metadata: '{x' })).toEqual({
      short_descr: 'Enter a name',
      start: 'Choose the start',
      end: 'Choose the end',
      json_metadata: 'JSON not valid',
    });
  });
});
