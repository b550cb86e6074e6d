import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@rama/shared';
import { getCategoricalScheme } from '@rama/shared';
import { fontSize, rotationRange, transformProps } from './transformProps';
import { elementClickValues, interactiveElementOption } from '../elementCrossFilter';
import { reply } from '../../testReplies';

/** Directors by worldwide gross. */
const directors = reply(
  [
    { director: 'Steven Spielberg', sum_worldwide_gross: 8_000_000_000 },
    { director: 'Peter Jackson', sum_worldwide_gross: 4_000_000_000 },
    { director: '<b>Bold</b>', sum_worldwide_gross: 1_000_000_000 },
  ],
  ['director', 'sum_worldwide_gross'],
);
const fd: QueryFormData = {
  viz_type: 'word_cloud',
  datasource: '11__table',
  series: 'director',
  metric: 'sum_worldwide_gross',
  size_from: 10,
  size_to: 70,
  rotation: 'square',
};

type AnyRecord = Record<string, unknown>;
const run = (formData = fd) => transformProps({ formData, queriesData: [directors], datasource: null, width: 600, height: 400 });
const words = (formData = fd) => (run(formData).echartOptions.series as AnyRecord[])[0].data as AnyRecord[];

describe('word cloud transformProps', () => {
  it('font sizes grow linearly from zero, the largest value at the maximum size', () => {
    expect(fontSize(8, 8, 10, 70)).toBe(70);
    expect(fontSize(4, 8, 10, 70)).toBe(40);
    expect(fontSize(0, 8, 10, 70)).toBe(10);
  });

  it('one word per row, sized by its value and coloured from the scheme', () => {
    const data = words();
    expect(data.map((d) => d.name)).toEqual(['Steven Spielberg', 'Peter Jackson', '<b>Bold</b>']);
    expect(data.map((d) => (d.textStyle as AnyRecord).fontSize)).toEqual([70, 40, 18]);
    expect((data[0].textStyle as AnyRecord).color).toBe(getCategoricalScheme('supersetColors').colors[0]);
  });

  it('rotation: square turns words upright or flat, flat keeps them flat, random uses 30° steps', () => {
    expect(rotationRange('square')).toEqual({ rotationRange: [0, 90], rotationStep: 90 });
    expect(rotationRange('flat').rotationRange).toEqual([0, 0]);
    expect(rotationRange('random')).toEqual({ rotationRange: [-90, 90], rotationStep: 30 });
    expect((run({ ...fd, rotation: 'flat' }).echartOptions.series as AnyRecord[])[0].rotationRange).toEqual([0, 0]);
  });

  it('the tooltip escapes the word', () => {
    const { formatter } = run().echartOptions.tooltip as { formatter: (p: unknown) => string };
    expect(formatter({ name: '<b>Bold</b>', value: 1e9 })).toContain('&lt;b&gt;Bold&lt;/b&gt;');
  });

  it('a click on a word filters the column by it; other words fade', () => {
    const { elements, echartOptions } = run();
    expect(elementClickValues(elements, 0, 1)?.values).toEqual([{ col: 'director', val: 'Peter Jackson', formattedVal: 'Peter Jackson' }]);
    const dimmed = interactiveElementOption(echartOptions, elements, { director: ['Peter Jackson'] }, false, 'textStyle');
    const data = (dimmed.series as AnyRecord[])[0].data as AnyRecord[];
    expect((data[0].textStyle as AnyRecord).opacity).toBe(0.3);
    expect((data[1].textStyle as AnyRecord).opacity).toBeUndefined();
  });
});
