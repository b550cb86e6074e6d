/**
 * The horizon chart: a canvas strip per series with its label over it, the rows scrolling when
 * they do not fit. Hovering shows the point's time and value; on a dashboard a click on a row
 * cross-filters on its group and a right click drills on it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { ChartSize } from '../types';
import { DIMMED_OPACITY, crossFilterLabel, crossFilterOf, isSelected, pointFilters, toggleCrossFilter } from '../crossFilter';
import { horizonRects } from './bands';
import type { HorizonChartProps, HorizonRow } from './transformProps';
import './HorizonChart.css';

interface RowProps {
  row: HorizonRow;
  width: number;
  height: number;
  yDomain: [number, number] | null;
  dimmed: boolean;
  onHover: (index: number | null, e?: MouseEvent) => void;
  onClick?: () => void;
  onContextMenu?: (e: MouseEvent) => void;
}

function HorizonStrip({ row, width, height, yDomain, dimmed, onHover, onClick, onContextMenu }: RowProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    // drawn at the screen's pixel density so the strips stay sharp
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    for (const r of horizonRects(row.values, { width, height, yDomain })) {
      ctx.fillStyle = r.color;
      ctx.fillRect(r.x, r.y, r.width, r.height);
    }
  }, [row.values, width, height, yDomain]);

  const indexAt = (e: MouseEvent) => {
    const box = e.currentTarget.getBoundingClientRect();
    const i = Math.floor(((e.clientX - box.left) / Math.max(1, box.width)) * row.values.length);
    return Math.min(row.values.length - 1, Math.max(0, i));
  };
  return (
    <div
      className="rama-horizon-row"
      style={{ height, opacity: dimmed ? DIMMED_OPACITY : undefined, cursor: onClick ? 'pointer' : undefined }}
      onMouseMove={(e) => onHover(indexAt(e), e)}
      onMouseLeave={() => onHover(null)}
      onClick={onClick}
      onContextMenu={onContextMenu}
    >
      <canvas ref={canvasRef} style={{ width, height }} aria-hidden />
      <span className="rama-horizon-title">{row.title}</span>
    </div>
  );
}

interface Hover {
  row: number;
  index: number;
  x: number;
  y: number;
}

export function HorizonChart(props: HorizonChartProps & ChartSize) {
  const { rows, times, seriesHeight, yDomain, formatValue, width, height, onRendered, interaction } = props;
  const [hover, setHover] = useState<Hover | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const rendered = useRef(onRendered);
  useEffect(() => {
    rendered.current = onRendered;
  }, [onRendered]);
  useEffect(() => {
    const frame = requestAnimationFrame(() => rendered.current?.());
    return () => cancelAnimationFrame(frame);
  }, [rows, width, height, seriesHeight, yDomain]);

  const footer = times.length > 0 ? 20 : 0;
  // room for the scrollbar when the rows do not fit
  const stripWidth = Math.max(10, rows.length * (seriesHeight + 1) > height - footer ? width - 12 : width);
  const crossFilter = interaction?.crossFilter ?? null;
  const emit = interaction?.emitCrossFilter;
  const menu = interaction?.onContextMenu;
  const hovered = hover ? rows[hover.row] : undefined;
  const box = boxRef.current?.getBoundingClientRect();

  return (
    <div className="rama-horizon" style={{ width, height }} ref={boxRef}>
      {/* the time line follows the last row when the rows are fewer than the room */}
      <div className="rama-horizon-rows" style={{ maxHeight: height - footer }}>
        {rows.map((row, i) => (
          <HorizonStrip
            key={`${row.title}-${i}`}
            row={row}
            width={stripWidth}
            height={seriesHeight}
            yDomain={yDomain}
            dimmed={isSelected(crossFilter, row.filters) === false}
            onHover={(index, e) => setHover(index === null || !e ? null : { row: i, index, x: e.clientX, y: e.clientY })}
            onClick={
              emit && row.filters.length
                ? () => {
                    const clicked = crossFilterOf(row.filters);
                    if (!clicked) return;
                    const next = toggleCrossFilter(crossFilter, clicked);
                    emit(next, next ? crossFilterLabel(row.filters) : undefined);
                  }
                : undefined
            }
            onContextMenu={
              menu && row.filters.length
                ? (e) => {
                    e.preventDefault();
                    menu({ clientX: e.clientX, clientY: e.clientY, filters: pointFilters(row.filters) });
                  }
                : undefined
            }
          />
        ))}
      </div>
      {footer > 0 && (
        <div className="rama-horizon-times" style={{ width: stripWidth }}>
          <span>{times[0]}</span>
          <span>{times[times.length - 1]}</span>
        </div>
      )}
      {hover && hovered && box && (
        <div
          className="rama-horizon-tooltip"
          role="tooltip"
          style={{
            left: Math.min(hover.x - box.left + 12, Math.max(0, width - 220)),
            top: Math.max(0, hover.y - box.top - 44),
          }}
        >
          <div className="rama-horizon-tooltip-title">{hovered.title}</div>
          <div>
            {times[hover.index]}: <b>{formatValue(hovered.values[hover.index] ?? null)}</b>
          </div>
        </div>
      )}
    </div>
  );
}
