import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
// The dev server forwards API and session calls to a running `rama start` (default port 8088).
const devTarget = process.env.RAMA_DEV_TARGET ?? 'http://127.0.0.1:8088';

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
