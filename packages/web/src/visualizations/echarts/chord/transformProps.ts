/**
 * Chord diagram: the values of the source and target columns round a circle, each an arc as long
 * as the flows it takes part in; one ribbon per source → target pair as wide as the metric, in the
 * source's colour. A ribbon's tooltip gives both directions of the pair (the legacy chart's
 * "A to B vs B to A").
 */
import { t } from '../../../i18n';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartPropsInput } from '../../types';
import { dimensionColumn, type DimensionValue } from '../../crossFilter';
import type { KeyedValues } from '../keyedCrossFilter';
import { columnLabel, firstQuery, metricLabel, toNumber } from '../utils';
import { cellTextOf, colorScaleOf, metricColumnOf, metricFormatter, tooltipHtml } from '../flowUtils';

export interface ChordChartProps {
  echartOptions: EChartsCoreOption;
  keyed: KeyedValues;
}

export interface ChordMatrix {
  nodes: string[];
  /** matrix[i][j]: the flow from nodes[i] to nodes[j] */
  matrix: number[][];
}

/** The square matrix of flows between every source and target value (the legacy chart's data). */
export function chordMatrix(links: { source: string; target: string; value: number }[]): ChordMatrix {
  const nodes: string[] = [];
  for (const l of links) for (const n of [l.source, l.target]) if (!nodes.includes(n)) nodes.push(n);
  const at = new Map(nodes.map((n, i) => [n, i]));
  const matrix = nodes.map(() => nodes.map(() => 0));
  for (const l of links) matrix[at.get(l.source) as number][at.get(l.target) as number] += l.value;
  return { nodes, matrix };
}

export function transformProps(input: ChartPropsInput): ChordChartProps {
  const { formData: fd, datasource, width, height } = input;
  const { data } = firstQuery(input.queriesData);
  const source = columnLabel(Array.isArray(fd.groupby) ? fd.groupby[0] : fd.groupby) ?? '';
  const target = columnLabel(Array.isArray(fd.columns) ? fd.columns[0] : fd.columns) ?? '';
  const metric = metricColumnOf(input, metricLabel(fd.metric));
  const format = metricFormatter(fd, 'y_axis_format', metricLabel(fd.metric), datasource);
  const textOf = cellTextOf(input);
  const sourceCol = dimensionColumn(Array.isArray(fd.groupby) ? fd.groupby[0] : fd.groupby);
  const targetCol = dimensionColumn(Array.isArray(fd.columns) ? fd.columns[0] : fd.columns);

  const raw = new Map<string, unknown>();
  const links = data.flatMap((row) => {
    const value = toNumber(metric ? row[metric] : null) ?? 0;
    if (value <= 0) return [];
    const s = textOf(source, row[source]);
    const t = textOf(target, row[target]);
    if (!raw.has(s)) raw.set(s, row[source] ?? null);
    if (!raw.has(t)) raw.set(t, row[target] ?? null);
    return [{ source: s, target: t, value }];
  });
  const { nodes, matrix } = chordMatrix(links);
  const at = new Map(nodes.map((n, i) => [n, i]));
  const scale = colorScaleOf(input);

  const keyed: KeyedValues = {};
  const nodeItems = nodes.map((name, i) => {
    const filterKey = `node${i}`;
    keyed[filterKey] = sourceCol ? [{ col: sourceCol, val: raw.get(name), formattedVal: name }] : [];
    return { name, filterKey, itemStyle: { color: scale.getColor(name) } };
  });
  const linkItems = links.map((l, i) => {
    const filterKey = `link${i}`;
    const values: DimensionValue[] = [];
    if (sourceCol) values.push({ col: sourceCol, val: raw.get(l.source), formattedVal: l.source });
    if (targetCol && targetCol !== sourceCol) values.push({ col: targetCol, val: raw.get(l.target), formattedVal: l.target });
    keyed[filterKey] = values;
    return { ...l, filterKey };
  });

  const half = Math.max(20, Math.min(width, height) / 2 - 48);
  const outgoing = (i: number) => matrix[i].reduce((s, v) => s + v, 0);
  const incoming = (i: number) => matrix.reduce((s, row) => s + row[i], 0);

  return {
    keyed,
    echartOptions: {
      tooltip: {
        trigger: 'item',
        confine: true,
        transitionDuration: 0,
        formatter: (p: unknown) => {
          const { dataType, data: item } = p as {
            dataType?: string;
            data?: { name?: string; source?: string; target?: string; value?: number };
          };
          if (dataType === 'edge' && item?.source !== undefined && item.target !== undefined) {
            const i = at.get(item.source) ?? 0;
            const j = at.get(item.target) ?? 0;
            const rows: [string, string][] = [[`${item.source} → ${item.target}`, format(matrix[i][j])]];
            if (matrix[j][i]) rows.push([`${item.target} → ${item.source}`, format(matrix[j][i])]);
            return tooltipHtml(rows);
          }
          const i = at.get(item?.name ?? '') ?? 0;
          return tooltipHtml(
            [
              [t('visualizations:chord.out'), format(outgoing(i))],
              [t('visualizations:chord.in'), format(incoming(i))],
            ],
            item?.name ?? '',
          );
        },
      },
      series: [
        {
          type: 'chord',
          center: ['50%', '50%'],
          radius: [half * 0.9, half],
          padAngle: nodes.length > 40 ? 0.5 : 2,
          minAngle: 1,
          label: { show: true, position: 'outside', distance: 6, color: '#262626', fontSize: 11 },
          lineStyle: { color: 'source', opacity: 0.45 },
          emphasis: { focus: 'adjacency', lineStyle: { opacity: 0.85 } },
          data: nodeItems,
          links: linkItems,
        },
      ],
    },
  };
}
