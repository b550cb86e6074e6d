import { describe, expect, it } from 'vitest';
import type { ControlContext } from '../types.js';
import { pieDefinition } from './index.js';

describe('pie label template control', () => {
  const { controls, sections } = pieDefinition.controlPanel;
  const ctx = (label_type: string) =>
    ({ formData: { viz_type: 'pie', datasource: '1__table', label_type }, datasource: null }) as ControlContext;

  it('offers a Template label type with a text box shown only for it', () => {
    expect(controls.label_type?.choices).toContainEqual(['template', 'Template']);
    expect(controls.label_template?.visibility?.(ctx('template'))).toBe(true);
    expect(controls.label_template?.visibility?.(ctx('key'))).toBe(false);
    expect(sections.some((s) => s.controlSetRows.some((r) => r.includes('label_template')))).toBe(true);
  });
});
