import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { App as AntApp } from 'antd';
import { store } from './app/store';
import { router } from './app/router';
import { ThemeProvider } from './core/ThemeProvider';
import { LanguageProvider } from './core/LanguageProvider';
import { ToastPresenter } from './app/ToastPresenter';
import { FullPageSpinner } from './core/FullPageSpinner';
import './styles.css';
// an embedded dashboard's link to its host page listens from the start (the SDK posts its port once)
import './embedded/hostLink';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider>
        <LanguageProvider>
          <AntApp>
            <Suspense fallback={<FullPageSpinner />}>
              <RouterProvider router={router} />
            </Suspense>
            <ToastPresenter />
          </AntApp>
        </LanguageProvider>
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
