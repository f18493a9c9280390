import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from '../features/system/ErrorBoundary';
import { LoadingScreen } from '../features/system/LoadingScreen';
import { Providers } from './Providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <ErrorBoundary>
      <Providers>
        <BrowserRouter>
          <Suspense fallback={<LoadingScreen />}>
            <AppRoutes />
          </Suspense>
        </BrowserRouter>
      </Providers>
    </ErrorBoundary>
  );
}
