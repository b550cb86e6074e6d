import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, darkPaletteColor, THEME_TOKENS } from '@rama/shared';
import { darkEChartsTheme, darkOption } from './darkOption';

const SURFACE = THEME_TOKENS.dark.surface;

describe('darkOption', () => {
  it('swaps palette colours, dark inks, white separators and light lines; keeps white labels inside shapes', () => {
    type Series = {
      type: string;
      itemStyle?: { borderColor: string };
      label: { color: string };
      lineStyle?: { color: string };
      data?: { name: string; value: number; itemStyle: { color: string } }[];
    };
    const option: { series: Series[] } = {
      series: [
        {
          type: 'pie',
          itemStyle: { borderColor: '#fff' },
          label: { color: '#fff' },
          data: [
            { name: '#454E7C', value: 3, itemStyle: { color: '#454E7C' } },
            { name: 'b', value: 2, itemStyle: { color: '#1FA8C9' } },
          ],
        },
        { type: 'tree', label: { color: '#262626' }, lineStyle: { color: '#bfbfbf' } },
      ],
    };
    const dark = darkOption(option);
    const [pie, tree] = dark.series;
    const slices = pie.data ?? [];
    expect(pie.itemStyle?.borderColor).toBe(SURFACE);
    expect(pie.label.color).toBe('#fff');
    expect(slices[0].itemStyle.color).toBe(darkPaletteColor('#454E7C'));
    expect(slices[0].name).toBe('#454E7C');
    expect(contrastRatio(slices[0].itemStyle.color, SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(tree.label.color).toBe(THEME_TOKENS.dark['chart-text']);
    expect(tree.lineStyle?.color).toBe(THEME_TOKENS.dark['chart-axis']);
    // the light option is left as it was
    expect(option.series[0].data?.[0].itemStyle.color).toBe('#454E7C');
  });

  it('a map: countries without data on a dark fill, a light outline on hover, the legend ink light', () => {
    const map = darkOption({
      itemStyle: { areaColor: '#e3e5e8', borderColor: '#ffffff' },
      emphasis: { itemStyle: { borderColor: '#3b3f45' } },
      graphic: { style: { fill: '#555' } },
    });
    expect(map.itemStyle.areaColor).toBe(THEME_TOKENS.dark.fill);
    expect(map.itemStyle.borderColor).toBe(SURFACE);
    expect(map.emphasis.itemStyle.borderColor).toBe(THEME_TOKENS.dark.text);
    expect(map.graphic.style.fill).toBe(THEME_TOKENS.dark['chart-text']);
  });

  it('a label on its own shape gets the ink that reads on the lifted fill, not the chart text colour', () => {
    const dark = darkOption({
      series: [
        {
          type: 'sunburst',
          label: { color: '#1f1f1f' },
          data: [{ name: 'a', itemStyle: { color: '#454E7C' }, label: { color: '#ffffff' } }],
        },
      ],
    });
    const [sunburst] = dark.series;
    const arc = sunburst.data[0];
    expect(sunburst.label.color).toBe('#1f1f1f');
    expect(contrastRatio(arc.label.color, arc.itemStyle.color)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('returns the same objects where nothing changed (series data is not copied)', () => {
    const data = [1, 2, 3];
    const option = { xAxis: { type: 'category' }, series: [{ type: 'line', data }] };
    expect(darkOption(option)).toBe(option);
  });

  it('the theme draws axis labels, legend and tooltip text that read on the dark surface', () => {
    const label = darkEChartsTheme.categoryAxis.axisLabel.color;
    expect(contrastRatio(label, SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(darkEChartsTheme.legend.textStyle.color, SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(darkEChartsTheme.tooltip.textStyle.color, darkEChartsTheme.tooltip.backgroundColor)).toBeGreaterThanOrEqual(
      AA_TEXT,
    );
    for (const c of darkEChartsTheme.color) expect(contrastRatio(c, SURFACE)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
