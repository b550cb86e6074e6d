import { describe, expect, it } from 'vitest';
import type { ControlConfig } from '@rama/shared';
import { firstValidationError, runLabel } from './runState';

const controls: Record<string, ControlConfig> = {
  metrics: { type: 'MetricsControl', label: 'Metrics' },
  row_limit: { type: 'SelectControl', label: 'Row limit' },
};

describe('validation errors block the run (spec section 4: "errors ... block the render trigger")', () => {
  it('names the first control with an error in panel order', () => {
    expect(firstValidationError({ row_limit: ['Value cannot exceed 100000'], metrics: ['cannot be empty'] }, controls)).toBe(
      'Metrics: cannot be empty',
    );
  });
  it('is null without errors', () => {
    expect(firstValidationError({ metrics: [] }, controls)).toBeNull();
  });
  it('labels the run button by whether a result exists', () => {
    expect(runLabel(false)).toBe('Create chart');
    expect(runLabel(true)).toBe('Update chart');
  });
});
