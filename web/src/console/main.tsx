// The bookkeeper console's entry (admin.html, served at /admin and below it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '../i18n/i18n.tsx';
import '../styles.css';
import './console.css';
import { ConsoleApp } from './ConsoleApp.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: 1 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <ConsoleApp />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
