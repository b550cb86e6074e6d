import { Suspense, useEffect, useRef, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Layout, Menu, Spin, Typography, type MenuProps } from 'antd';
import {
  BgColorsOutlined,
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  LoginOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGES, THEME_CHOICES, type Language, type ThemeChoice } from '@rama/shared';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Wordmark } from '../components/Wordmark';
import { HOME_PATH } from '../core/nextPath';
import { MENU, activeEntryKey, visibleMenu, type MenuGroup } from './menu';
import { displayName, isAnonymousUser, useLogoutMutation, useSession } from '../core/session';
import { errorMessage, resetCsrfToken } from '../core/api';
import { useToasts } from '../core/hooks';
import { logEvent } from '../core/logger';
import { useTheme } from '../core/ThemeProvider';
import { useLanguage } from '../core/LanguageProvider';
import { HideNavigationContext } from '../core/navigation';
import { themeLabel } from '../core/themeMode';
import { Slotted, SLOT } from '../i18n/Slotted';

type MenuItems = NonNullable<MenuProps['items']>;

function toMenuItems(groups: MenuGroup[]): MenuItems {
  return groups.map((group) => {
    // a group whose only entry is itself (Charts) is a plain link, not a one-item dropdown
    const [only] = group.entries;
    if (group.entries.length === 1 && only.label === group.label) {
      return { key: only.key, label: <Link to={only.path}>{only.label}</Link> };
    }
    return {
      key: group.key,
      label: group.label,
      popupClassName: 'rama-nav-popup',
      children: group.entries.map((entry) => ({ key: entry.key, label: <Link to={entry.path}>{entry.label}</Link> })),
    };
  });
}

function UserMenu() {
  const { user, bootstrap } = useSession();
  const [logout, { isLoading }] = useLogoutMutation();
  const { addDangerToast } = useToasts();
  const { choice, setChoice } = useTheme();
  const language = useLanguage();
  const { t } = useTranslation('app');
  const name = displayName(user);

  const handleTheme = async (next: ThemeChoice) => {
    // drawn at once; the server keeps it for the next visit and other browsers
    if (!(await setChoice(next))) addDangerToast(t('toast.themeNotSaved'));
  };

  const handleLanguage = async (next: Language | null) => {
    if (!(await language.setChoice(next))) addDangerToast(t('toast.languageNotSaved'));
  };

  const handleLogout = async () => {
    const result = await logout();
    if (result.error) {
      addDangerToast(t('toast.logoutFailed', { error: errorMessage(result.error) }));
      return;
    }
    resetCsrfToken();
    // A full page load drops every piece of the previous session's state.
    window.location.assign('/login/');
  };

  const items: MenuItems = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="rama-user-menu-who">
          <Slotted text={t('user.signedInAs', { name: SLOT })}>
            <strong>{user.username}</strong>
          </Slotted>
        </span>
      ),
    },
    { type: 'divider' },
    {
      key: 'theme',
      icon: <BgColorsOutlined aria-hidden />,
      label: t('user.theme'),
      popupClassName: 'rama-theme-menu',
      children: THEME_CHOICES.map((c) => ({
        key: `theme-${c}`,
        label: themeLabel(c),
        // a radio group in a menu: the chosen one is marked, for eyes and for screen readers
        icon: <CheckOutlined aria-hidden style={{ visibility: c === choice ? 'visible' : 'hidden' }} />,
        role: 'menuitemradio',
        'aria-checked': c === choice,
        'data-test': `theme-${c}`,
        onClick: () => void handleTheme(c),
      })),
    },
    {
      key: 'language',
      icon: <GlobalOutlined aria-hidden />,
      label: t('user.language'),
      popupClassName: 'rama-language-menu',
      // each language named in itself, so a reader finds theirs whatever the page is drawn in
      children: [null, ...LANGUAGES].map((c) => ({
        key: `language-${c ?? 'browser'}`,
        label: c ? <span lang={c}>{LANGUAGE_NAMES[c]}</span> : t('language.browser'),
        icon: <CheckOutlined aria-hidden style={{ visibility: c === language.choice ? 'visible' : 'hidden' }} />,
        role: 'menuitemradio',
        'aria-checked': c === language.choice,
        'data-test': `language-${c ?? 'browser'}`,
        onClick: () => void handleLanguage(c),
      })),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      label: t('user.logout'),
      disabled: isLoading,
      onClick: () => void handleLogout(),
    },
    { type: 'divider' },
    {
      key: 'version',
      type: 'group',
      label: <span className="rama-user-menu-version">{t('user.version', { version: bootstrap.version })}</span>,
    },
  ];

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <button type="button" className="rama-user-button" aria-label={t('user.menuFor', { name })}>
        <Avatar size="small" icon={<UserOutlined />} className="rama-user-avatar" />
        <span className="rama-user-name">{name}</span>
        <DownOutlined className="rama-user-caret" />
      </button>
    </Dropdown>
  );
}

/** An anonymous visitor (a public dashboard) logs in from here and comes back to the page. */
function LoginButton() {
  const { t } = useTranslation('app');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handleClick = () => void navigate(`/login/?next=${encodeURIComponent(pathname + search)}`);
  return (
    <Button type="primary" icon={<LoginOutlined aria-hidden />} onClick={handleClick} data-test="login-button">
      {t('login')}
    </Button>
  );
}

/** One `spa_navigation` event per route change (once per path, also under StrictMode's double effects). */
function useNavigationLog(pathname: string): void {
  const loggedPath = useRef<string | null>(null);
  useEffect(() => {
    if (loggedPath.current === pathname) return;
    loggedPath.current = pathname;
    logEvent('spa_navigation', { path: pathname });
  }, [pathname]);
}

/** The signed-in layout: top navigation, the page, nothing else. */
export function AppShell() {
  const { t } = useTranslation('app');
  const { access, user } = useSession();
  const location = useLocation();
  const [navigationHidden, setNavigationHidden] = useState(false);
  useNavigationLog(location.pathname);
  const anonymous = isAnonymousUser(user);
  // an anonymous visitor opens dashboards by their address only: every other page asks to log in
  const groups = anonymous ? [] : visibleMenu(MENU, access);
  const active = activeEntryKey(groups, location.pathname);
  const selectedKeys = active ? [active] : [];
  const mainItems = toMenuItems(groups.filter((g) => g.placement === 'main'));
  const rightItems = toMenuItems(groups.filter((g) => g.placement === 'right'));

  return (
    <Layout className={navigationHidden ? 'rama-shell rama-shell--standalone' : 'rama-shell'}>
      {!navigationHidden && (
        <Layout.Header className="rama-header">
          <Flex align="center" gap={24} className="rama-header-inner">
            <Link to={HOME_PATH} className="rama-brand" aria-label={t('nav.home')}>
              <Wordmark size={26} />
            </Link>
            <nav aria-label={t('nav.main')} className="rama-nav-main">
              <Menu mode="horizontal" items={mainItems} selectedKeys={selectedKeys} className="rama-nav" />
            </nav>
            <Flex align="center" gap={8} className="rama-nav-right">
              {/* one entry, never folded into "…" (its width changes with the language) */}
              {rightItems.length > 0 && (
                <nav aria-label={t('nav.settings')}>
                  <Menu mode="horizontal" items={rightItems} selectedKeys={selectedKeys} className="rama-nav" disabledOverflow />
                </nav>
              )}
              {anonymous ? <LoginButton /> : <UserMenu />}
            </Flex>
          </Flex>
        </Layout.Header>
      )}
      <Layout.Content className="rama-content">
        <HideNavigationContext.Provider value={setNavigationHidden}>
          <Suspense
            fallback={
              <Flex justify="center" className="rama-page-loading">
                <Spin />
              </Flex>
            }
          >
            <Outlet />
          </Suspense>
        </HideNavigationContext.Provider>
      </Layout.Content>
      {!navigationHidden && (
        <Layout.Footer className="rama-footer">
          <Typography.Text type="secondary">{t('footer')}</Typography.Text>
        </Layout.Footer>
      )}
    </Layout>
  );
}
