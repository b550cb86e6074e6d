import { bestInk, THEME_TOKENS, type ThemeMode } from '@rama/shared';
import { useThemeMode } from '../../core/ThemeProvider';

/**
 * The text colour of a cell with a conditional background (table, pivot table): the look's own ink,
 * or the other look's where that reads better (a strong light tint in the dark look); undefined
 * without a background, so the cell keeps the table's ink.
 */
export function cellInk(background: string | undefined, mode: ThemeMode): string | undefined {
  if (!background) return undefined;
  const own = THEME_TOKENS[mode];
  const other = THEME_TOKENS[mode === 'dark' ? 'light' : 'dark'];
  const ink = bestInk(background, own.surface, [own.text, other.text]);
  return ink && ink !== own.text ? ink : undefined;
}

export function useCellInk(): (background: string | undefined) => string | undefined {
  const mode = useThemeMode();
  return (background) => cellInk(background, mode);
}
