/**
 * A resizable dashboard component in edit mode (issue 12 part 4: "resize with re-resizable snapping
 * to grid units"): the width handle stops at whole grid columns (at least one, at most its own
 * width plus the row's free columns), the height handle at 8 px units. The new size goes to the
 * layout when the handle is let go.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Resizable, type Enable, type ResizeCallback } from 're-resizable';
import { useTranslation } from 'react-i18next';
import { GRID_BASE_UNIT, GRID_MAX_ROW_UNITS, GRID_MIN_COLUMN_COUNT, GRID_MIN_ROW_UNITS } from '@rama/shared';
import { useAppDispatch } from '../../core/hooks';
import { heightInPixels, widthInPixels } from '../gridGeometry';
import { layoutActions } from '../state/layoutSlice';
import { heightUnitsFromPixels, widthSnapPoints, widthUnitsFromPixels } from './resize';
import './edit.css';

export interface ResizableItemProps {
  /** the layout component id */
  id: string;
  adjustableWidth: boolean;
  adjustableHeight: boolean;
  /** the current width in grid columns */
  widthUnits: number;
  /** the current height in 8 px units; omitted when the height follows the content */
  heightUnits?: number;
  /** pixels per grid column (gutters come on top) */
  columnWidth: number;
  /** what it can shrink to (a column: what its rows need); 1 by default */
  minWidthUnits?: number;
  /** its own width plus the free columns of its row: `availableWidth(layout, rowId, id)` (which leaves it out of the occupied width) */
  maxWidthUnits: number;
  editMode: boolean;
  /** after the layout got the new size */
  onResizeStop?: (size: { width: number; height?: number }) => void;
  className?: string;
  children: ReactNode;
}

const NO_HANDLES: Enable = {
  top: false,
  right: false,
  bottom: false,
  left: false,
  topRight: false,
  bottomRight: false,
  bottomLeft: false,
  topLeft: false,
};

const HANDLE_CLASSES = {
  right: 'rama-resize-handle rama-resize-handle--right',
  bottom: 'rama-resize-handle rama-resize-handle--bottom',
  bottomRight: 'rama-resize-handle rama-resize-handle--corner',
};

export function ResizableItem({
  id,
  adjustableWidth,
  adjustableHeight,
  widthUnits,
  heightUnits,
  columnWidth,
  minWidthUnits = GRID_MIN_COLUMN_COUNT,
  maxWidthUnits,
  editMode,
  onResizeStop,
  className,
  children,
}: ResizableItemProps) {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  /** the size shown while a handle is held (grid units) */
  const [live, setLive] = useState<{ width: number; height?: number } | null>(null);
  const minW = Math.max(GRID_MIN_COLUMN_COUNT, minWidthUnits);
  // a component wider than its row allows (an old layout) keeps its width and can only shrink
  const maxW = Math.max(minW, maxWidthUnits, widthUnits);
  const canHeight = adjustableHeight && heightUnits !== undefined;

  const enable: Enable | false = useMemo(
    () => (editMode ? { ...NO_HANDLES, right: adjustableWidth, bottom: canHeight, bottomRight: adjustableWidth && canHeight } : false),
    [editMode, adjustableWidth, canHeight],
  );
  const snap = useMemo(
    () => (adjustableWidth && columnWidth > 0 ? { x: widthSnapPoints(columnWidth, minW, maxW) } : undefined),
    [adjustableWidth, columnWidth, minW, maxW],
  );

  const sizeOf = (el: HTMLElement) => {
    const rect = el.getBoundingClientRect();
    return {
      width: widthUnitsFromPixels(rect.width, columnWidth, minW, maxW),
      height: canHeight ? heightUnitsFromPixels(rect.height) : undefined,
    };
  };

  const handleResize: ResizeCallback = (_event, _direction, el) => {
    const next = sizeOf(el);
    setLive((prev) => (prev && prev.width === next.width && prev.height === next.height ? prev : next));
  };

  const handleStop: ResizeCallback = (_event, _direction, el) => {
    setLive(null);
    const next = sizeOf(el);
    const width = adjustableWidth && next.width !== widthUnits ? next.width : undefined;
    const height = canHeight && next.height !== heightUnits ? next.height : undefined;
    if (width !== undefined || height !== undefined) {
      dispatch(layoutActions.resizeComponent({ id, ...(width !== undefined && { width }), ...(height !== undefined && { height }) }));
    }
    onResizeStop?.({ width: width ?? widthUnits, height: height ?? heightUnits });
  };

  const size = {
    width: columnWidth > 0 ? widthInPixels(widthUnits, columnWidth) : 'auto',
    height: canHeight ? heightInPixels(heightUnits) : 'auto',
  };

  return (
    <Resizable
      className={`rama-resizable${live ? ' is-resizing' : ''}${className ? ` ${className}` : ''}`}
      size={size}
      enable={enable}
      snap={snap}
      grid={[1, GRID_BASE_UNIT]}
      minWidth={columnWidth > 0 ? widthInPixels(minW, columnWidth) : undefined}
      maxWidth={columnWidth > 0 && adjustableWidth ? widthInPixels(maxW, columnWidth) : undefined}
      minHeight={canHeight ? heightInPixels(GRID_MIN_ROW_UNITS) : undefined}
      maxHeight={canHeight ? heightInPixels(GRID_MAX_ROW_UNITS) : undefined}
      handleClasses={HANDLE_CLASSES}
      onResizeStart={() => setLive({ width: widthUnits, height: canHeight ? heightUnits : undefined })}
      onResize={handleResize}
      onResizeStop={handleStop}
    >
      {children}
      {live && (
        <span className="rama-resize-badge" aria-live="polite">
          {t('resize.columns', { count: live.width })}
          {live.height !== undefined && ` × ${heightInPixels(live.height)} px`}
        </span>
      )}
    </Resizable>
  );
}
