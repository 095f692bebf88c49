import { PageSkeleton, Skeleton } from '@gama/ui/Skeleton';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { useOperator } from '../lib/session.ts';
import { homePath } from './nav.ts';
import { NotFoundScreen, RouteErrorScreen } from './StatusScreens.tsx';

const ConsoleLayout = lazy(() => import('./layouts/ConsoleLayout.tsx'));
const SignInScreen = lazy(() => import('../features/auth/SignInScreen.tsx'));
const EnrolScreen = lazy(() => import('../features/auth/EnrolScreen.tsx'));
const SessionsScreen = lazy(() => import('../features/account/SessionsScreen.tsx'));
const TwoFactorScreen = lazy(() => import('../features/account/TwoFactorScreen.tsx'));
const OperatorsScreen = lazy(() => import('../features/operators/OperatorsScreen.tsx'));
const SettingsScreen = lazy(() => import('../features/settings/SettingsScreen.tsx'));
const AuditScreen = lazy(() => import('../features/audit/AuditScreen.tsx'));
const CapsScreen = lazy(() => import('../features/caps/CapsScreen.tsx'));
const ResultsScreen = lazy(() => import('../features/results/ResultsScreen.tsx'));
const ExposureScreen = lazy(() => import('../features/results/ExposureScreen.tsx'));
const ImportScreen = lazy(() => import('../features/results/ImportScreen.tsx'));
const DepositsScreen = lazy(() => import('../features/deposits/DepositsScreen.tsx'));
const WithdrawalsScreen = lazy(() => import('../features/withdrawals/WithdrawalsScreen.tsx'));
const HeldCreditsScreen = lazy(() => import('../features/holds/HeldCreditsScreen.tsx'));
const NoticesScreen = lazy(() => import('../features/notices/NoticesScreen.tsx'));
const ReferralsScreen = lazy(() => import('../features/referrals/ReferralsScreen.tsx'));
const PlayersScreen = lazy(() => import('../features/players/PlayersScreen.tsx'));
const PlayerScreen = lazy(() => import('../features/players/PlayerScreen.tsx'));
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen.tsx'));
const ReportsScreen = lazy(() => import('../features/reports/ReportsScreen.tsx'));
const MarketsScreen = lazy(() => import('../features/markets/MarketsScreen.tsx'));
const MarketScreen = lazy(() => import('../features/markets/MarketScreen.tsx'));
const RatesScreen = lazy(() => import('../features/rates/RatesScreen.tsx'));
const ContentScreen = lazy(() => import('../features/content/ContentScreen.tsx'));
const ReconciliationScreen = lazy(() => import('../features/reconciliation/ReconciliationScreen.tsx'));
const SupportScreen = lazy(() => import('../features/support/SupportScreen.tsx'));
const RiskFlagsScreen = lazy(() => import('../features/signals/RiskFlagsScreen.tsx'));
const PlayerSignals = lazy(() =>
  import('../features/signals/PlayerSignals.tsx').then((m) => ({ default: m.PlayerSignals })),
);

function Root() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
    </Suspense>
  );
}

/** The first screen the operator's role can use. */
function Home() {
  const operator = useOperator();
  return <Navigate to={homePath(operator.role)} replace />;
}

export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: 'sign-in', element: <SignInScreen /> },
        { path: 'enrol', element: <EnrolScreen /> },
        {
          element: <ConsoleLayout />,
          children: [
            { index: true, element: <Home /> },
            { path: 'results', element: <ResultsScreen /> },
            { path: 'results/exposure', element: <ExposureScreen /> },
            { path: 'results/import', element: <ImportScreen /> },
            { path: 'deposits', element: <DepositsScreen /> },
            { path: 'withdrawals', element: <WithdrawalsScreen /> },
            { path: 'held-credits', element: <HeldCreditsScreen /> },
            { path: 'notices', element: <NoticesScreen /> },
            { path: 'referrals', element: <ReferralsScreen /> },
            { path: 'players', element: <PlayersScreen /> },
            {
              path: 'players/:id/:tab?',
              // The player's links and flags come from the signals feature; the app layer puts them on the page.
              element: (
                <PlayerScreen
                  signals={(playerId) => (
                    <Suspense fallback={<Skeleton height={120} radius={12} />}>
                      <PlayerSignals playerId={playerId} />
                    </Suspense>
                  )}
                />
              ),
            },
            { path: 'risk-flags', element: <RiskFlagsScreen /> },
            { path: 'account/sessions', element: <SessionsScreen /> },
            { path: 'account/two-factor', element: <TwoFactorScreen /> },
            { path: 'operators', element: <OperatorsScreen /> },
            { path: 'settings', element: <SettingsScreen /> },
            { path: 'audit', element: <AuditScreen /> },
            { path: 'caps', element: <CapsScreen /> },
            { path: 'dashboard', element: <DashboardScreen /> },
            { path: 'reports/:report?', element: <ReportsScreen /> },
            { path: 'markets', element: <MarketsScreen /> },
            { path: 'markets/:id', element: <MarketScreen /> },
            { path: 'rates', element: <RatesScreen /> },
            { path: 'content/:tab?', element: <ContentScreen /> },
            { path: 'reconciliation', element: <ReconciliationScreen /> },
            { path: 'support', element: <SupportScreen /> },
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
