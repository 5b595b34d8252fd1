import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from './api/client';
import { whenExpired } from './auth/session';
import { Layout } from './components/Layout';
import { RequireSession } from './components/RequireSession';
import { Admin } from './pages/Admin';
import { ApiKeys } from './pages/ApiKeys';
import { Exports } from './pages/Exports';
import { VerificationDetail } from './pages/VerificationDetail';
import { Verifications } from './pages/Verifications';
import { Login } from './pages/Login';
import { NotFound } from './pages/NotFound';
import { Overview } from './pages/Overview';
import { AcceptInvite } from './pages/AcceptInvite';
import { Members } from './pages/Members';
import { Settings } from './pages/Settings';
import { Wallet } from './pages/Wallet';
import { Notifications } from './pages/Notifications';
import { WebhookEndpoint } from './pages/WebhookEndpoint';
import { Webhooks } from './pages/Webhooks';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API down: retried with backoff; a 4xx is an answer, not retried.
      retry: (failures, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && failures < 3,
      refetchOnWindowFocus: false,
    },
  },
});

const router = createBrowserRouter([
  { path: '/login', element: <Login /> },
  { path: '/accept-invite', element: <AcceptInvite /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <Layout />,
        children: [
          { index: true, element: <Overview /> },
          { path: 'api-keys', element: <ApiKeys /> },
          { path: 'wallet', element: <Wallet /> },
          { path: 'members', element: <Members /> },
          { path: 'settings', element: <Settings /> },
          { path: 'verifications', element: <Verifications /> },
          { path: 'verifications/:id', element: <VerificationDetail /> },
          { path: 'exports', element: <Exports /> },
          { path: 'webhooks', element: <Webhooks /> },
          { path: 'webhooks/:id', element: <WebhookEndpoint /> },
          { path: 'notifications', element: <Notifications /> },
          { path: 'admin', element: <Admin /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
]);

// A session that cannot be renewed: back to sign-in, keeping the page asked for.
whenExpired(() => {
  queryClient.clear();
  // Several calls can fail at once: the first one leaves for sign-in; never a next that is sign-in itself.
  if (window.location.pathname === '/login') return;
  const next = `${window.location.pathname}${window.location.search}`;
  void router.navigate(`/login?next=${encodeURIComponent(next)}`, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
