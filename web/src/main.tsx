import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EmployeeApp } from './employee/EmployeeApp.tsx';
import { KioskApp } from './employee/KioskApp.tsx';
import { I18nProvider } from './i18n/i18n.tsx';
import './styles.css';

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: true } } });
const isKiosk = location.pathname.replace(/\/$/, '') === '/kiosk';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{isKiosk ? <KioskApp /> : <EmployeeApp />}</I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
