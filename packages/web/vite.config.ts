import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
// The dev server forwards API and session calls to a running `rama start` (default port 8088).
const devTarget = process.env.RAMA_DEV_TARGET ?? 'http://127.0.0.1:8088';
/** A chart type's `visualizations/<…>/locales/<language>.json`; its chunk is named `chart-texts-<language>`. */
const CHART_TYPE_TEXTS = /[\\/]src[\\/]visualizations[\\/].+[\\/]locales[\\/](\w+)\.json$/;

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@rama/shared': shared } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // antd alone is ~1 MB before gzip; it is split into its own long-cached chunk below.
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|immer|reselect|redux)[\\/]/,
              priority: 20,
            },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@emotion|dayjs)[\\/]/, priority: 10 },
            // each chart type folder's French or German texts (i18n/index.ts, chartTypeTexts): one
            // chunk per language, fetched when it is chosen, rather than one request per folder
            {
              name: (id) => {
                const language = CHART_TYPE_TEXTS.exec(id)?.[1];
                return language ? `chart-texts-${language}` : null;
              },
              test: CHART_TYPE_TEXTS,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': devTarget,
      '/login/': devTarget,
      '/logout/': devTarget,
      '/health': devTarget,
      '/rama/log': devTarget,
    },
  },
});
