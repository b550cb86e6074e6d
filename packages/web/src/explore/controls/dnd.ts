/**
 * Native HTML5 drag and drop from the datasource pane into controls, and chip reordering within a
 * control. While dragging, the browser hides the payload, so the kind travels as an extra data type
 * too (`startDatasourceDrag` sets both); a drag that carries only the JSON is accepted on drop.
 */
import { useCallback, useState, type DragEvent } from 'react';
import { DATASOURCE_DRAG_TYPE, type DatasourceDragItem } from './types';

/** One extra data type per kind, visible during dragover (data types are lower-cased by browsers). */
export const DATASOURCE_KIND_TYPES: Record<DatasourceDragItem['kind'], string> = {
  column: 'application/x-rama-datasource-column',
  metric: 'application/x-rama-datasource-metric',
};

/** What the datasource pane calls on dragstart: the JSON payload plus its kind's data type. */
export function startDatasourceDrag(dataTransfer: DataTransfer, item: DatasourceDragItem): void {
  dataTransfer.setData(DATASOURCE_DRAG_TYPE, JSON.stringify(item));
  dataTransfer.setData(DATASOURCE_KIND_TYPES[item.kind], item.name);
  dataTransfer.effectAllowed = 'copy';
}

/** The dragged item's JSON payload, if it is one (only readable on drop). */
export function parseDragItem(raw: string): DatasourceDragItem | null {
  try {
    const item = JSON.parse(raw) as unknown;
    if (typeof item !== 'object' || item === null) return null;
    const { kind, name } = item as { kind?: unknown; name?: unknown };
    if ((kind === 'column' || kind === 'metric') && typeof name === 'string' && name) return { kind, name };
    return null;
  } catch {
    return null;
  }
}

/** Whether a drag may be dropped here, judged from its data types alone (during dragover). */
export function dragMayFit(types: readonly string[], kinds: readonly DatasourceDragItem['kind'][]): boolean {
  if (!types.includes(DATASOURCE_DRAG_TYPE)) return false;
  const announced = (Object.keys(DATASOURCE_KIND_TYPES) as DatasourceDragItem['kind'][]).filter((k) =>
    types.includes(DATASOURCE_KIND_TYPES[k]),
  );
  return announced.length === 0 || announced.some((k) => kinds.includes(k));
}

export interface DropTarget {
  /** a compatible item is dragged over the target: highlight it */
  isOver: boolean;
  dropProps: {
    onDragOver: (e: DragEvent) => void;
    onDragEnter: (e: DragEvent) => void;
    onDragLeave: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
}

/** Make an element a drop target for datasource items of the given kinds. */
export function useDatasourceDrop(kinds: readonly DatasourceDragItem['kind'][], onDrop: (item: DatasourceDragItem) => void): DropTarget {
  const [isOver, setOver] = useState(false);
  const fits = useCallback((e: DragEvent) => dragMayFit(Array.from(e.dataTransfer.types), kinds), [kinds]);
  const onDragOver = useCallback(
    (e: DragEvent) => {
      if (!fits(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    [fits],
  );
  const onDragEnter = useCallback((e: DragEvent) => setOver(fits(e)), [fits]);
  const onDragLeave = useCallback((e: DragEvent) => {
    // leaving for a child of the target is still over it
    if (!(e.currentTarget as Node).contains(e.relatedTarget as Node | null)) setOver(false);
  }, []);
  const handleDrop = useCallback(
    (e: DragEvent) => {
      setOver(false);
      const item = parseDragItem(e.dataTransfer.getData(DATASOURCE_DRAG_TYPE));
      if (!item || !kinds.includes(item.kind)) return;
      e.preventDefault();
      onDrop(item);
    },
    [kinds, onDrop],
  );
  return { isOver, dropProps: { onDragOver, onDragEnter, onDragLeave, onDrop: handleDrop } };
}

/** Chips of one control reorder among themselves with this data type (the value is `control:index`). */
export const CHIP_DRAG_TYPE = 'application/x-rama-control-chip';

export function chipDragPayload(control: string, index: number): string {
  return `${control}:${index}`;
}

/** The dragged chip's index when it comes from the same control, else null. */
export function chipDragIndex(payload: string, control: string): number | null {
  const at = payload.lastIndexOf(':');
  if (at < 0 || payload.slice(0, at) !== control) return null;
  const n = Number(payload.slice(at + 1));
  return Number.isInteger(n) && n >= 0 ? n : null;
}
