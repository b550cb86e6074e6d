import { GLYPH_COLUMNS, GLYPH_ROWS, dashboardGlyph } from './dashboardGlyph';
import { useThemeMode } from '../core/ThemeProvider';

const UNIT = 10;
const PAD = 5;
const GAP = 1.6;
const WIDTH = GLYPH_COLUMNS * UNIT + 2 * PAD;
const HEIGHT = GLYPH_ROWS * UNIT + 2 * PAD;

/** A dashboard card's thumbnail: a drawing of a dashboard grid with the title's initial (decorative). */
export function DashboardGlyph({ id, title }: { id: number; title: string }) {
  const dark = useThemeMode() === 'dark';
  const { initial, tiles, accent, palette } = dashboardGlyph(String(id), title, dark);
  const big = tiles[accent];
  return (
    <svg
      className="rama-dashboard-glyph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      focusable="false"
      style={{ backgroundColor: palette.background }}
    >
      {tiles.map((tile, i) => (
        <rect
          key={`${tile.x}-${tile.y}`}
          x={PAD + tile.x * UNIT + GAP / 2}
          y={PAD + tile.y * UNIT + GAP / 2}
          width={tile.w * UNIT - GAP}
          height={tile.h * UNIT - GAP}
          rx={2.5}
          fill={i === accent ? palette.accent : palette.tile}
        />
      ))}
      <text
        x={PAD + (big.x + big.w / 2) * UNIT}
        y={PAD + (big.y + big.h / 2) * UNIT}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={Math.min(big.w, big.h) * UNIT * 0.55}
        fontWeight={600}
        fill={palette.text}
      >
        {initial}
      </text>
    </svg>
  );
}
