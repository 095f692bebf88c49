import { Suspense } from 'react';
import { lazyRoute, Navigate, Outlet, useRoutes } from '../lib/router/index.ts';
import type { RouteObject } from '../lib/router/index.ts';
import { PageSkeleton } from '@gama/ui/Skeleton';
import { ChangePasswordScreen, DeleteAccountScreen, ProfileScreen } from '../features/account/index.ts';
import { NotificationsScreen } from '../features/notifications/index.ts';
import { PlayLimitsScreen } from '../features/play/index.ts';
import {
  ForgotOtpScreen,
  ForgotPasswordScreen,
  LoginScreen,
  RegisterOtpScreen,
  RegisterScreen,
  ResetPasswordScreen,
} from '../features/auth/index.ts';
import { HomeScreen } from '../features/home/index.ts';
import { AboutScreen, HowToPlayScreen, PrivacyPolicyScreen } from '../features/info/index.ts';
import { getStoredProfile, useStoredProfile } from '../lib/session.ts';
import * as bidding from '../features/bidding/routes.tsx';
import * as charts from '../features/charts/routes.tsx';
import * as funds from '../features/funds/routes.tsx';
import * as gali from '../features/gali/routes.tsx';
import * as starline from '../features/starline/routes.tsx';
import * as support from '../features/support/routes.tsx';
import * as referrals from '../features/referrals/routes.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { NotFoundScreen } from './StatusScreen.tsx';

const MemberLayout = lazyRoute(() => import('./layouts/MemberLayout.tsx'));
const LandingLayout = lazyRoute(() => import('./layouts/LandingLayout.tsx'));
const LandingEntry = lazyRoute(() => import('./LandingEntry.tsx'));
const RequireBetting = lazyRoute(() => import('./layouts/RequireBetting.tsx'));
const QueryRoot = lazyRoute(() => import('./QueryRoot.tsx'));

const features = [funds, bidding, starline, gali, charts, support, referrals];
const collect = (pick: (f: (typeof features)[number]) => RouteObject[]) => features.flatMap(pick);

function Root() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec 01 section 2.1: a stored user goes home; anyone else sees the login screen. */
function RootEntry() {
  const stored = useStoredProfile();
  return stored ? <Navigate to="/imp" replace /> : <LandingEntry />;
}
// The landing draws the login card: both chunks at once, rather than the card's after the landing's. A stored
// player is sent home: that screen's chunks.
RootEntry.preload = () =>
  getStoredProfile()
    ? Promise.all([MemberLayout.preload(), HomeScreen.preload()])
    : Promise.all([LandingEntry.preload(), LoginScreen.preload()]);

/** Sign-in and registration are a visitor's screens: a stored player who opens them goes home instead. */
function VisitorOnly() {
  const stored = useStoredProfile();
  return stored ? <Navigate to="/imp" replace /> : <Outlet />;
}

/** Pages a visitor may read too: they get the landing frame, a member gets the full shell. */
function PublicLayout() {
  const stored = useStoredProfile();
  return stored ? <MemberLayout /> : <LandingLayout />;
}
PublicLayout.preload = () => (getStoredProfile() ? MemberLayout.preload() : LandingLayout.preload());

/**
 * Spec 01 section 2.1 lists these routes but shows no screen for them: each opens the screen it stands for (the
 * target keeps its own gate, so a visitor still lands on login and a betting-off account on home).
 */
export const specAliases: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/privacy', '/privacypolicy'],
  ['/wallet', '/imp7'],
  ['/mymodel', '/imp7'],
  ['/addfund', '/imp9'],
  ['/imp8', '/withdraw'],
  ['/transfermodel', '/transfer'],
  ['/bid', '/imp4'],
  ['/win', '/imp3'],
  ['/windata', '/imp3'],
];

/**
 * The route table, rendered by the app's own router (`lib/router`, decision 019): react-router was 14 KB gzip of
 * the first download for plain paths and layouts. What a data router would give lives beside it: scroll
 * restoration (`scroll-restoration.ts`) and the error screen (`RouteErrorBoundary`).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <RootEntry /> },
      {
        // Home is the first screen of almost every visit: the frame and home read through small resources
        // (lib/resource.ts, decision 021), so neither waits for the query client's chunk, which every other
        // member screen loads with its own.
        element: <MemberLayout />,
        children: [
          { path: '/imp', element: <HomeScreen /> },
          {
            element: <QueryRoot />,
            children: [
              { path: '/change', element: <ChangePasswordScreen /> },
              { path: '/play-limits', element: <PlayLimitsScreen /> },
              { path: '/notifications', element: <NotificationsScreen /> },
              { path: '/delete', element: <DeleteAccountScreen /> },
              ...collect((f) => f.memberRoutes),
              {
                element: <RequireBetting />,
                children: [
                  { path: '/profile', element: <ProfileScreen /> },
                  ...collect((f) => f.bettingRoutes),
                ],
              },
            ],
          },
        ],
      },
      {
        // The landing reads nothing through TanStack Query either; every other screen does.
        element: <QueryRoot />,
        children: [
          ...specAliases.map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
          {
            element: <BareLayout />,
            children: [
              {
                element: <VisitorOnly />,
                children: [
                  { path: '/login', element: <LoginScreen /> },
                  { path: '/r', element: <RegisterScreen /> },
                ],
              },
              { path: '/otpregister', element: <RegisterOtpScreen /> },
              { path: '/forgotpass', element: <ForgotPasswordScreen /> },
              { path: '/otpforgotpass', element: <ForgotOtpScreen /> },
              { path: '/change-password', element: <ResetPasswordScreen /> },
              ...collect((f) => f.bareRoutes),
            ],
          },
          {
            element: <PublicLayout />,
            children: [
              { path: '/htp', element: <HowToPlayScreen /> },
              { path: '/privacypolicy', element: <PrivacyPolicyScreen /> },
              { path: '/about', element: <AboutScreen /> },
            ],
          },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
