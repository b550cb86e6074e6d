import { describe, expect, it } from 'vitest';
import type { ControlContext, VizDefinition } from '@rama/shared';
import { controlValue, initiallyOpen, resolveControlConfig, sectionErrorCount, sectionsOfTab, visibleRows } from './panelModel';

const definition: Pick<VizDefinition, 'controlPanel'> = {
  controlPanel: {
    sections: [
      {
        label: 'Query',
        tab: 'data',
        expanded: true,
        controlSetRows: [['metrics'], ['groupby'], ['row_limit', 'series_limit'], ['rolling_periods']],
      },
      { label: 'Chart options', tab: 'customize', controlSetRows: [['color_scheme'], ['show_value'], ['secret']] },
    ],
    controls: {
      show_value: { type: 'CheckboxControl', label: 'Show value', default: false },
      secret: { type: 'HiddenControl', label: 'Secret' },
      metrics: { type: 'MetricsControl', label: 'Measures', multi: true },
    },
  },
};
const ctx = (fd: Record<string, unknown> = {}): ControlContext => ({
  formData: { viz_type: 'x', datasource: '1__table', ...fd },
  datasource: null,
  sqlMaxRow: 100000,
});

describe('control panel layout', () => {
  it("resolves a viz type's own control before the shared one", () => {
    expect(resolveControlConfig('metrics', definition)?.label).toBe('Measures');
    expect(resolveControlConfig('groupby', definition)?.label).toBe('Dimensions');
    expect(resolveControlConfig('nope', definition)).toBeNull();
  });

  it('puts sections on the Data and Customize tabs', () => {
    expect(sectionsOfTab(definition, 'data').map((s) => s.label)).toEqual(['Query']);
    expect(sectionsOfTab(definition, 'customize').map((s) => s.label)).toEqual(['Chart options']);
  });

  it('hides controls whose visibility answers false, and hidden controls, keeping rows side by side', () => {
    const [query] = sectionsOfTab(definition, 'data');
    const rows = (fd?: Record<string, unknown>) => visibleRows(query, definition, ctx(fd)).map((r) => r.map((c) => c.name));
    expect(rows()).toEqual([['metrics'], ['groupby'], ['row_limit', 'series_limit']]);
    expect(rows({ rolling_type: 'mean' })).toContainEqual(['rolling_periods']);
    const [custom] = sectionsOfTab(definition, 'customize');
    expect(
      visibleRows(custom, definition, ctx())
        .flat()
        .map((c) => c.name),
    ).not.toContain('secret');
  });

  it('counts the controls with errors per section and opens those sections', () => {
    const errors = { metrics: ['cannot be empty'], row_limit: ['Value cannot exceed 100000'], color_scheme: [] };
    const [query, custom] = definition.controlPanel.sections;
    expect(sectionErrorCount(query, errors)).toBe(2);
    expect(sectionErrorCount(custom, errors)).toBe(0);
    expect(initiallyOpen(definition.controlPanel.sections, errors)).toEqual(['Query']);
    expect(initiallyOpen(definition.controlPanel.sections, { show_value: ['x'] })).toEqual(['Query', 'Chart options']);
  });

  it("shows the form data's value, else the control's default", () => {
    const cfg = resolveControlConfig('row_limit', definition);
    expect(cfg && controlValue('row_limit', cfg, {})).toBe(10000);
    expect(cfg && controlValue('row_limit', cfg, { row_limit: 50 })).toBe(50);
  });
});
