import type { ThemeConfig } from 'antd';
import { prefersReducedMotion } from './motion';

export const BRAND_COLOR = '#1f7a8c';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 6,
    fontFamily:
      // the emoji families last: a tab title or a chart name starting with an emoji draws it, not an empty box
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'",
    colorBgLayout: '#f5f7f8',
    // "reduce motion" (an accessibility setting; the browser tests ask for it too): dialogs, menus and
    // dropdowns open and close at once instead of animating
    motion: !prefersReducedMotion(),
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 24px', bodyBg: '#f5f7f8' },
    Menu: { horizontalLineHeight: '54px', itemBg: 'transparent' },
    // selected rows (bulk actions): the brand tint, not the derived grey
    Table: { headerBg: '#fafbfc', rowSelectedBg: '#e6f2f4', rowSelectedHoverBg: '#d8ebef' },
  },
};
