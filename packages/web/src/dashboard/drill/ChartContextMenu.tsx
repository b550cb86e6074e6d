/**
 * A dashboard chart's drill menu (issue 13 part 5): a right click on a data point opens it at the
 * pointer with "Drill to detail", "Drill by" and, when cross-filters are on and the point has
 * values, "Add cross-filter". Choosing a drill opens its modal; `onClose` is called once the menu
 * is dismissed or the modal it opened has closed, so the host may render this only while it
 * holds a point.
 */
import { useState } from 'react';
import type { ExploreDatasource, QueryFormData } from '@rama/shared';
import type { ChartContextPoint } from '../../visualizations/types';
import { DrillByModal } from './DrillByModal';
import { DrillDetailModal } from './DrillDetailModal';
import { drillOptionsOf, pointCrossFilter, type DrillByStep } from './drillModel';
import { PointMenu } from './PointMenu';

export interface ChartContextMenuProps {
  chartId: number;
  sliceName: string;
  /** the chart's form data with the dashboard's extra_form_data merged */
  formData: QueryFormData;
  datasource: ExploreDatasource | null;
  /** where the right click was and the point's filters (empty: the whole chart); null: nothing shown */
  point: ChartContextPoint | null;
  crossFilterEnabled: boolean;
  onCrossFilter?: (filters: Record<string, unknown[]>) => void;
  onClose: () => void;
  /** 'drill-detail' opens the rows straight away (a chart header's "Drill to detail"); the menu otherwise */
  initialAction?: 'menu' | 'drill-detail';
}

type View =
  | { kind: 'menu' }
  | { kind: 'detail'; formData: QueryFormData; point: ChartContextPoint }
  | { kind: 'drill-by'; formData: QueryFormData; step: DrillByStep };

export function ChartContextMenu(props: ChartContextMenuProps) {
  const { chartId, sliceName, formData, datasource, point, crossFilterEnabled, onCrossFilter, onClose, initialAction = 'menu' } = props;
  const initialView = (p: ChartContextPoint | null): View =>
    p && initialAction === 'drill-detail' ? { kind: 'detail', formData, point: p } : { kind: 'menu' };
  const [view, setView] = useState<View>(() => initialView(point));
  // a new right click starts at the menu again
  const [forPoint, setForPoint] = useState(point);
  if (forPoint !== point) {
    setForPoint(point);
    setView(initialView(point));
  }

  if (!point) return null;
  if (view.kind === 'detail') {
    return (
      <DrillDetailModal
        chartId={chartId}
        sliceName={sliceName}
        formData={view.formData}
        datasource={datasource}
        filters={view.point.filters}
        onClose={onClose}
      />
    );
  }
  if (view.kind === 'drill-by') {
    return (
      <DrillByModal
        chartId={chartId}
        sliceName={sliceName}
        formData={view.formData}
        datasource={datasource}
        step={view.step}
        onClose={onClose}
      />
    );
  }
  const crossFilter = crossFilterEnabled && onCrossFilter ? pointCrossFilter(point.filters, drillOptionsOf(formData, datasource)) : null;
  return (
    <PointMenu
      clientX={point.clientX}
      clientY={point.clientY}
      formData={formData}
      datasource={datasource}
      onDrillToDetail={() => setView({ kind: 'detail', formData, point })}
      onDrillBy={(column) => setView({ kind: 'drill-by', formData, step: { column, filters: point.filters } })}
      onAddCrossFilter={
        crossFilter && onCrossFilter
          ? () => {
              onCrossFilter(crossFilter);
              onClose();
            }
          : undefined
      }
      onClose={onClose}
    />
  );
}
