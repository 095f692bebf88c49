/**
 * The endpoint catalogue: every route of the server, one entry each, grouped by domain as the server's modules
 * are. `endpoints.<name>` is what both apps call and what the server registers; `allEndpoints` is the list the
 * OpenAPI documents, the fuzz suite and the route-coverage test walk.
 */
import type { AnyEndpoint } from './define.ts';
import { auditEndpoints } from './audit/index.ts';
import { authEndpoints } from './auth/index.ts';
import { bidEndpoints } from './bids/index.ts';
import { chartEndpoints } from './charts/index.ts';
import { contentEndpoints } from './content/index.ts';
import { devEndpoints } from './dev/index.ts';
import { docsEndpoints } from './docs/index.ts';
import { fundsEndpoints } from './funds/index.ts';
import { healthEndpoints } from './health/index.ts';
import { inboxEndpoints } from './inbox/index.ts';
import { holdsEndpoints } from './holds/index.ts';
import { marketEndpoints } from './markets/index.ts';
import { noticeEndpoints } from './notices/index.ts';
import { notificationEndpoints } from './notifications/index.ts';
import { operatorsEndpoints } from './operators/index.ts';
import { profileEndpoints } from './profile/index.ts';
import { pushEndpoints } from './push/index.ts';
import { rateEndpoints } from './rates/index.ts';
import { reconciliationEndpoints } from './reconciliation/index.ts';
import { referralEndpoints } from './referrals/index.ts';
import { reportEndpoints } from './reports/index.ts';
import { resilienceEndpoints } from './resilience/index.ts';
import { resultsEndpoints } from './results/index.ts';
import { riskEndpoints } from './risk/index.ts';
import { settingsEndpoints } from './settings/index.ts';
import { signalsEndpoints } from './signals/index.ts';
import { supportEndpoints } from './support/index.ts';
import { transferEndpoints } from './transfers/index.ts';
import { walletEndpoints } from './wallet/index.ts';
import { depositsEndpoints } from './deposits/index.ts';
import { playersEndpoints } from './players/index.ts';
import { playEndpoints } from './play/index.ts';
import { withdrawalsEndpoints } from './withdrawals/index.ts';

export const endpoints = {
  ...auditEndpoints,
  ...authEndpoints,
  ...bidEndpoints,
  ...chartEndpoints,
  ...contentEndpoints,
  ...devEndpoints,
  ...docsEndpoints,
  ...fundsEndpoints,
  ...healthEndpoints,
  ...inboxEndpoints,
  ...holdsEndpoints,
  ...marketEndpoints,
  ...noticeEndpoints,
  ...notificationEndpoints,
  ...operatorsEndpoints,
  ...profileEndpoints,
  ...pushEndpoints,
  ...rateEndpoints,
  ...reconciliationEndpoints,
  ...referralEndpoints,
  ...reportEndpoints,
  ...resilienceEndpoints,
  ...resultsEndpoints,
  ...riskEndpoints,
  ...settingsEndpoints,
  ...signalsEndpoints,
  ...supportEndpoints,
  ...transferEndpoints,
  ...walletEndpoints,
  ...depositsEndpoints,
  ...withdrawalsEndpoints,
  ...playersEndpoints,
  ...playEndpoints,
};

export type EndpointName = keyof typeof endpoints;

export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpoints);

/** The bid and market entries of each group, for code that serves or calls the three groups alike. */
export { bidEndpointsOf } from './bids/index.ts';
export { marketEndpointsOf } from './markets/index.ts';
