/**
 * Parallel coordinates' component: the ECharts parts it draws with, registered in this chunk, and
 * the data table under the chart when "Data Table" is on (React text cells).
 */
// `use` registers ECharts parts; renamed so it is not mistaken for React's use()
import { use as registerEChartsParts } from 'echarts/core';
import { ParallelChart } from 'echarts/charts';
import { ParallelComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartSize } from '../../types';
import { EChart } from '../EChart';
import { useEChartHandlers, useInteractiveOption, type EChartElementEvent } from '../useEChartInteraction';
import { interactiveParallelOption, lineClickValues } from './interaction';
import type { ParallelCoordinatesProps } from './transformProps';

registerEChartsParts([ParallelChart, ParallelComponent, TooltipComponent, SVGRenderer]);

export function ParallelCoordinatesChart(props: ParallelCoordinatesProps & ChartSize) {
  const { echartOptions, lineFilters, table, width, height, onRendered, interaction } = props;
  const option = useInteractiveOption(echartOptions, interaction, (o, crossFilter, animate) =>
    interactiveParallelOption(o, lineFilters, crossFilter, animate),
  );
  const eventHandlers = useEChartHandlers(interaction, {
    click: (e: EChartElementEvent) => lineClickValues(lineFilters, e.dataIndex),
    point: (e: EChartElementEvent) => (e.dataIndex === undefined ? null : (lineFilters[e.dataIndex] ?? null)),
  });
  const chartHeight = table ? Math.floor(height / 2) : height;
  return (
    <div style={{ width, height }}>
      <EChart option={option} width={width} height={chartHeight} onRendered={onRendered} eventHandlers={eventHandlers} />
      {table && (
        <div style={{ height: height - chartHeight, overflow: 'auto', fontSize: 12, borderTop: '1px solid #e5e9ec' }}>
          <table style={{ width: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' }}>
            <thead>
              <tr>
                {table.columns.map((c, i) => (
                  <th
                    key={`${c}-${i}`}
                    style={{ position: 'sticky', top: 0, background: '#fafbfc', textAlign: i ? 'right' : 'left', padding: '4px 8px' }}
                  >
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>
                  {r.map((cell, j) => (
                    <td key={j} style={{ textAlign: j ? 'right' : 'left', padding: '3px 8px', borderTop: '1px solid #f0f2f4' }}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
