/**
 * The layout's top (spec section 3 "Layout component"): the root holds the grid or top-level tabs.
 * The grid's width is measured here; every component's pixel size follows from its column width.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { GRID_TYPE, ROOT_ID, ROOT_TYPE, TABS_TYPE, childDepth } from '@rama/shared';
import { useAppSelector } from '../../core/hooks';
import { useEditKit } from '../editKit';
import { gridColumnWidth } from '../gridGeometry';
import { ColumnWidthContext, useDashboardPage } from '../pageContext';
import { DashboardMessage } from '../messages';
import { LayoutNode, StackedChildren } from './LayoutNode';

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(Math.floor(el.getBoundingClientRect().width));
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function DashboardGrid({ onEdit }: { onEdit?: () => void }) {
  const { t } = useTranslation('dashboard');
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const root = useAppSelector((s) => s.dashboardLayout.present[ROOT_ID]);
  const topId = root?.children[0];
  const top = useAppSelector((s) => (topId ? s.dashboardLayout.present[topId] : undefined));
  const [ref, width] = useWidth<HTMLDivElement>();
  const topDepth = childDepth(ROOT_TYPE, 0);

  let content: ReactNode = null;
  if (root && top?.type === TABS_TYPE) {
    content = <LayoutNode id={top.id} parentId={ROOT_ID} index={0} depth={topDepth} />;
  } else if (root && top?.type === GRID_TYPE) {
    const stacked = (
      <div className="rama-dash-stack">
        <StackedChildren item={top} depth={topDepth} />
        {top.children.length === 0 &&
          (display.editMode ? (
            <div className="rama-dash-placeholder is-large">{DashboardMessage.EMPTY_EDIT}</div>
          ) : (
            <Empty className="rama-dash-empty" description={DashboardMessage.EMPTY_VIEW}>
              {onEdit && (
                <Button type="primary" onClick={onEdit}>
                  {t('editDashboard')}
                </Button>
              )}
            </Empty>
          ))}
      </div>
    );
    // in edit mode the grid itself takes drops (an empty grid has nothing else to drop on); its drop
    // area reaches over the page's margins, so the gap above the first row takes drops too
    content = kit ? (
      <kit.DragDroppable
        component={top}
        parentComponent={root}
        index={0}
        depth={topDepth}
        orientation="column"
        className="rama-dash-grid-drop"
        editMode
      >
        {() => stacked}
      </kit.DragDroppable>
    ) : (
      stacked
    );
  }

  return (
    <div ref={ref} className="rama-dash-grid" data-test="dashboard-grid">
      <ColumnWidthContext.Provider value={gridColumnWidth(width)}>{width > 0 && content}</ColumnWidthContext.Provider>
    </div>
  );
}
