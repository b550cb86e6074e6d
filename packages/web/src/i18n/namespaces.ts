/**
 * The message files of the web app (issue 30 item 4): one per feature folder, so a folder's strings
 * live beside nothing else's, plus `common` (words every page uses: Save, Cancel, Delete…),
 * `controls` (the chart controls declared in the shared package) and `messages` (the shared
 * package's messages: toasts, validators, error texts). Each language has one JSON file per name in
 * `src/locales/<language>/`.
 */
export const NAMESPACES = [
  'common',
  'actionlog',
  'annotations',
  'app',
  'charts',
  'components',
  'controls',
  'dashboard',
  'dashboards',
  'databases',
  'datasets',
  'embedded',
  'explore',
  'explorecontrols',
  'messages',
  'queryhistory',
  'reports',
  'rls',
  'savedqueries',
  'security',
  'sqllab',
  'tags',
  'upload',
  'versions',
  'visualizations',
  'welcome',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
