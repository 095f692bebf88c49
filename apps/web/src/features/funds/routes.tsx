import type { RouteObject } from '../../lib/router/index.ts';
import {
  AddFundsScreen,
  DepositHistoryScreen,
  DepositRulesScreen,
  FundsScreen,
  HistoriesScreen,
  OtpWithdrawScreen,
  PayViaUpiScreen,
  QrPayScreen,
  TransferScreen,
  UtrScreen,
  WalletHistoryScreen,
  WithdrawHistoryScreen,
  WithdrawRulesScreen,
  WithdrawScreen,
} from './index.ts';

/** Screens of this feature, by the layout and gate they need; the app router composes them. */
export const bareRoutes: RouteObject[] = [{ path: '/otpwithdraw', element: <OtpWithdrawScreen /> }];
/** Main layout, any signed-in player. */
export const memberRoutes: RouteObject[] = [];
/** Main layout, betting_status "1" only. */
export const bettingRoutes: RouteObject[] = [
  { path: '/imp7', element: <FundsScreen /> },
  { path: '/imp9', element: <AddFundsScreen /> },
  { path: '/payviaupi', element: <PayViaUpiScreen /> },
  { path: '/qrpay', element: <QrPayScreen /> },
  // After paying: the UTR (and a screenshot) for a deposit request, `?request=<id>`.
  { path: '/payutr', element: <UtrScreen /> },
  // Matching ignores letter case, so the history menu's /AddFundHistory lands here too (spec 01 section 2.1).
  { path: '/addfundhistory', element: <DepositHistoryScreen /> },
  { path: '/transaction', element: <WalletHistoryScreen /> },
  { path: '/histories', element: <HistoriesScreen /> },
  { path: '/withdraw', element: <WithdrawScreen /> },
  { path: '/withdrawhistory', element: <WithdrawHistoryScreen /> },
  { path: '/withdrawrule', element: <WithdrawRulesScreen /> },
  { path: '/depositrule', element: <DepositRulesScreen /> },
  { path: '/transfer', element: <TransferScreen /> },
];
