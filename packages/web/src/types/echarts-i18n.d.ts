// ECharts ships its locale objects as plain ES modules without declarations of their own: they have
// the shape of its English one
declare module 'echarts/lib/i18n/langFR.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default locale;
}
declare module 'echarts/lib/i18n/langDE.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default locale;
}
