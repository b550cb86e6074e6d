/**
 * The layout drawn from the layout map (spec section 3 "Layout component"): each component by its
 * type — rows (side by side, 16 px gutters), columns (stacked), tabs, charts, markdown, headers,
 * dividers — sized on the 12-column grid. In edit mode every component is wrapped in the edit kit's
 * drag-and-drop and resize parts; in view mode nothing of the editor is loaded.
 */
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACKGROUND_WHITE,
  CHART_TYPE,
  COLUMN_TYPE,
  DIVIDER_TYPE,
  DYNAMIC_TYPE,
  GRID_COLUMN_COUNT,
  GRID_MIN_COLUMN_COUNT,
  HEADER_TYPE,
  MARKDOWN_TYPE,
  ROW_TYPE,
  TABS_TYPE,
  TAB_TYPE,
  availableWidth,
  childDepth,
  componentIsResizable,
  innerWidth,
  minimumWidthOf,
  type DashboardLayout,
  type LayoutItem,
} from '@rama/shared';
import { useAppSelector } from '../../core/hooks';
import { useEditKit } from '../editKit';
import { heightInPixels, orientationIn, widthInPixels } from '../gridGeometry';
import { useColumnWidth, useDashboardPage } from '../pageContext';
import { ChartHolder } from './ChartHolder';
import { BackgroundOption } from './ComponentOptions';
import { DividerBlock, HeaderBlock } from './HeaderBlock';
import { MarkdownBlock } from './MarkdownBlock';
import { TabsNode } from './TabsNode';

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

interface ResizeBounds {
  adjustableWidth: boolean;
  adjustableHeight: boolean;
  minWidthUnits: number;
  maxWidthUnits: number;
}

/** What the resize handles may do (section 9 "Layout"; the shared width rules): charts in a column take its width. */
function resizeBounds(layout: DashboardLayout, item: LayoutItem, parent: LayoutItem): ResizeBounds {
  const adjustableWidth = componentIsResizable(item) && parent.type !== COLUMN_TYPE;
  const adjustableHeight = item.type === CHART_TYPE || item.type === MARKDOWN_TYPE || item.type === DYNAMIC_TYPE;
  const maxWidthUnits = parent.type === ROW_TYPE ? availableWidth(layout, parent.id, item.id) : innerWidth(layout, parent.id);
  const minWidthUnits = item.type === COLUMN_TYPE ? minimumWidthOf(layout, item.id) : GRID_MIN_COLUMN_COUNT;
  return { adjustableWidth, adjustableHeight, minWidthUnits, maxWidthUnits: Math.max(minWidthUnits, maxWidthUnits) };
}

const sameBounds = (a: ResizeBounds | null, b: ResizeBounds | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.adjustableWidth === b.adjustableWidth &&
    a.adjustableHeight === b.adjustableHeight &&
    a.minWidthUnits === b.minWidthUnits &&
    a.maxWidthUnits === b.maxWidthUnits);

interface NodeProps {
  id: string;
  parentId: string;
  index: number;
  /** this component's depth as the nesting rules count it (root 0, grid 1, …) */
  depth: number;
}

/** Edit mode's wrapper: drag source, drop target and drop indicator. In view mode the children as they are. */
function EditChrome({
  item,
  parent,
  index,
  depth,
  children,
}: {
  item: LayoutItem;
  parent: LayoutItem;
  index: number;
  depth: number;
  children: (dragHandle: ReactNode) => ReactNode;
}) {
  const kit = useEditKit();
  if (!kit) return <>{children(null)}</>;
  return (
    <kit.DragDroppable
      component={item}
      parentComponent={parent}
      index={index}
      depth={depth}
      orientation={orientationIn(parent.type)}
      editMode
    >
      {({ dragHandle }) => children(dragHandle)}
    </kit.DragDroppable>
  );
}

/**
 * Edit mode's resize handles around a component of the given grid size; inside them the component
 * fills the handles' box (`fill`), so it follows the drag.
 */
function Sized({
  item,
  parent,
  widthUnits,
  heightUnits,
  children,
}: {
  item: LayoutItem;
  parent: LayoutItem;
  widthUnits: number;
  heightUnits?: number;
  children: (fill: boolean) => ReactNode;
}) {
  const kit = useEditKit();
  const columnWidth = useColumnWidth();
  const bounds = useAppSelector((s) => (kit ? resizeBounds(s.dashboardLayout.present, item, parent) : null), sameBounds);
  if (!kit || !bounds || (!bounds.adjustableWidth && !bounds.adjustableHeight)) return <>{children(false)}</>;
  return (
    <kit.ResizableItem
      id={item.id}
      adjustableWidth={bounds.adjustableWidth}
      adjustableHeight={bounds.adjustableHeight}
      widthUnits={widthUnits}
      heightUnits={bounds.adjustableHeight ? heightUnits : undefined}
      columnWidth={columnWidth}
      minWidthUnits={bounds.minWidthUnits}
      maxWidthUnits={bounds.maxWidthUnits}
      editMode
    >
      {children(true)}
    </kit.ResizableItem>
  );
}

/** The children of a grid, tab or column, stacked top to bottom. */
export function StackedChildren({ item, depth }: { item: LayoutItem; depth: number }) {
  const below = childDepth(item.type, depth);
  return (
    <>
      {item.children.map((childId, i) => (
        <LayoutNode key={childId} id={childId} parentId={item.id} index={i} depth={below} />
      ))}
    </>
  );
}

/** A tab's children, for TabsNode (one function for every render, so the memoized tabs keep their props). */
const renderStacked = (item: LayoutItem, depth: number) => <StackedChildren item={item} depth={depth} />;

export const LayoutNode = memo(function LayoutNode({ id, parentId, index, depth }: NodeProps) {
  const item = useAppSelector((s) => s.dashboardLayout.present[id]);
  const parent = useAppSelector((s) => s.dashboardLayout.present[parentId]);
  if (!item || !parent) return null;
  switch (item.type) {
    case ROW_TYPE:
      return <RowNode item={item} parent={parent} index={index} depth={depth} />;
    case COLUMN_TYPE:
      return <ColumnNode item={item} parent={parent} index={index} depth={depth} />;
    case CHART_TYPE:
    case MARKDOWN_TYPE:
    case DYNAMIC_TYPE:
      return <LeafNode item={item} parent={parent} index={index} depth={depth} />;
    case HEADER_TYPE:
      return (
        <EditChrome item={item} parent={parent} index={index} depth={depth}>
          {(handle) => <HeaderBlock item={item} parentId={parent.id} dragHandle={handle} />}
        </EditChrome>
      );
    case DIVIDER_TYPE:
      return (
        <EditChrome item={item} parent={parent} index={index} depth={depth}>
          {(handle) => <DividerBlock item={item} parentId={parent.id} dragHandle={handle} />}
        </EditChrome>
      );
    case TABS_TYPE:
      return (
        <EditChrome item={item} parent={parent} index={index} depth={depth}>
          {(handle) => <TabsNode item={item} parentId={parent.id} depth={depth} dragHandle={handle} renderChildren={renderStacked} />}
        </EditChrome>
      );
    case TAB_TYPE:
      // a tab is drawn by its tabs component
      return null;
    default:
      return null;
  }
});

interface ItemProps {
  item: LayoutItem;
  parent: LayoutItem;
  index: number;
  depth: number;
}

function RowNode({ item, parent, index, depth }: ItemProps) {
  const { t } = useTranslation('dashboard');
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const below = childDepth(item.type, depth);
  const white = item.meta?.background === BACKGROUND_WHITE;
  const empty = item.children.length === 0;
  return (
    <EditChrome item={item} parent={parent} index={index} depth={depth}>
      {(handle) => (
        <div
          className={`rama-dash-row${white ? ' is-white' : ''}${empty ? ' is-empty' : ''}`}
          data-component-id={item.id}
          data-test="dashboard-row"
        >
          {display.editMode && (
            <div className="rama-dash-component-chrome is-side">
              {handle}
              {kit && <kit.ComponentMenu id={item.id} parentId={parent.id} extra={<BackgroundOption item={item} />} />}
            </div>
          )}
          {item.children.map((childId, i) => (
            <LayoutNode key={childId} id={childId} parentId={item.id} index={i} depth={below} />
          ))}
          {empty && display.editMode && <div className="rama-dash-placeholder">{t('layout.emptyRow')}</div>}
        </div>
      )}
    </EditChrome>
  );
}

function ColumnNode({ item, parent, index, depth }: ItemProps) {
  const { t } = useTranslation('dashboard');
  const { display } = useDashboardPage();
  const kit = useEditKit();
  const columnWidth = useColumnWidth();
  const units = num(item.meta?.width, GRID_MIN_COLUMN_COUNT);
  const white = item.meta?.background === BACKGROUND_WHITE;
  const empty = item.children.length === 0;
  return (
    <EditChrome item={item} parent={parent} index={index} depth={depth}>
      {(handle) => (
        <Sized item={item} parent={parent} widthUnits={units}>
          {(fill) => (
            <div
              className={`rama-dash-column${white ? ' is-white' : ''}${empty ? ' is-empty' : ''}`}
              style={{ width: fill ? '100%' : widthInPixels(units, columnWidth) }}
              data-component-id={item.id}
              data-test="dashboard-column"
            >
              {display.editMode && (
                <div className="rama-dash-component-chrome">
                  {handle}
                  {kit && <kit.ComponentMenu id={item.id} parentId={parent.id} extra={<BackgroundOption item={item} />} />}
                </div>
              )}
              <StackedChildren item={item} depth={depth} />
              {empty && display.editMode && <div className="rama-dash-placeholder">{t('layout.emptyColumn')}</div>}
            </div>
          )}
        </Sized>
      )}
    </EditChrome>
  );
}

/** Charts and markdown: their width in columns (a column's children span the column), their height in 8 px units. */
function LeafNode({ item, parent, index, depth }: ItemProps) {
  const { t } = useTranslation('dashboard');
  const columnWidth = useColumnWidth();
  const own = num(item.meta?.width, 4);
  const widthUnits = parent.type === COLUMN_TYPE ? Math.min(own, num(parent.meta?.width, GRID_COLUMN_COUNT)) : own;
  const heightUnits = num(item.meta?.height, 50);
  const width = widthInPixels(widthUnits, columnWidth);
  const height = heightInPixels(heightUnits);
  return (
    <EditChrome item={item} parent={parent} index={index} depth={depth}>
      {(handle) => (
        <Sized item={item} parent={parent} widthUnits={widthUnits} heightUnits={heightUnits}>
          {(fill) =>
            item.type === MARKDOWN_TYPE ? (
              <MarkdownBlock item={item} parentId={parent.id} width={width} height={height} fill={fill} dragHandle={handle} />
            ) : item.type === DYNAMIC_TYPE ? (
              <div className="rama-dash-unsupported" style={{ width, height }} data-component-id={item.id}>
                {handle}
                {t('layout.unsupported')}
              </div>
            ) : (
              <ChartHolder item={item} parentId={parent.id} width={width} height={height} fill={fill} dragHandle={handle} />
            )
          }
        </Sized>
      )}
    </EditChrome>
  );
}
