import { theme as antdTheme, type ThemeConfig } from 'antd';
import { BRAND, THEME_TOKENS, type ThemeMode } from '@rama/shared';
import { prefersReducedMotion } from './motion';

export const BRAND_COLOR = BRAND;

const FONT_FAMILY =
  // the emoji families last: a tab title or a chart name starting with an emoji draws it, not an empty box
  "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/** antd's look for one of Rama's two themes: its default (or dark) algorithm seeded with Rama's tokens. */
export function antTheme(mode: ThemeMode): ThemeConfig {
  const t = THEME_TOKENS[mode];
  const dark = mode === 'dark';
  return {
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND,
      colorInfo: BRAND,
      // links are ink: the lifted teal on dark surfaces
      colorLink: t.brand,
      borderRadius: 6,
      fontFamily: FONT_FAMILY,
      colorBgLayout: t['bg-layout'],
      ...(dark
        ? {
            colorBgContainer: t.surface,
            colorBgElevated: '#1f282d',
            colorBorder: t['border-strong'],
            colorBorderSecondary: t.border,
            colorText: t.text,
            colorTextSecondary: t['text-secondary'],
            colorTextTertiary: t['text-muted'],
            colorTextDescription: t['text-muted'],
            colorError: t.error,
            colorSuccess: t.success,
            colorWarning: t.warning,
          }
        : {}),
      // "reduce motion" (an accessibility setting; the browser tests ask for it too): dialogs, menus and
      // dropdowns open and close at once instead of animating
      motion: !prefersReducedMotion(),
    },
    components: {
      Layout: { headerBg: t.surface, headerHeight: 56, headerPadding: '0 24px', bodyBg: t['bg-layout'], footerBg: t['bg-layout'] },
      Menu: {
        horizontalLineHeight: '54px',
        itemBg: 'transparent',
        ...(dark ? { itemSelectedColor: t.brand, horizontalItemSelectedColor: t.brand } : {}),
      },
      // selected rows (bulk actions): the brand tint, not the derived grey
      Table: {
        headerBg: t['surface-subtle'],
        rowSelectedBg: t['brand-soft'],
        rowSelectedHoverBg: dark ? '#1a434c' : '#d8ebef',
      },
      ...(dark ? { Tabs: { itemSelectedColor: t.brand, inkBarColor: t.brand, itemHoverColor: t['brand-strong'] } } : {}),
    },
  };
}

/** The light look (what a module that only needs a token, like the table's font, reads). */
export const theme: ThemeConfig = antTheme('light');
