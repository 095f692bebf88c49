import { can, type Permission } from '@gama/core/operators/permissions';
import { Skeleton } from '@gama/ui/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { TabNav } from '../../components/TabNav.tsx';
import { useOperator } from '../../lib/session.ts';
import { useHeadlines, useOwnerSettings, useSlides } from './api.ts';
import { ContactsTab } from './ContactsTab.tsx';
import { HeadlinesTab } from './HeadlinesTab.tsx';
import { PagesTab } from './PagesTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { SliderTab } from './SliderTab.tsx';

/** Each part of the screen: its address under /content, who may open it, and what it holds. */
const tabs = [
  {
    id: 'pages',
    label: 'Pages and rules',
    permission: 'settings.read',
    about: 'About Us, the privacy policy, the deposit and withdraw rules and how to play.',
  },
  {
    id: 'contacts',
    label: 'Contacts',
    permission: 'settings.read',
    about: 'The numbers behind WhatsApp, Call us and Telegram in the app.',
  },
  {
    id: 'payments',
    label: 'Payments',
    permission: 'settings.read',
    about: 'Where deposits are paid (UPI ids, the QR code), the minimums, withdrawal hours and transfers.',
  },
  {
    id: 'headlines',
    label: 'Headlines',
    permission: 'content.manage',
    about: 'The scrolling announcements on Home, Add Money and Withdraw.',
  },
  {
    id: 'slider',
    label: 'Home slider',
    permission: 'content.manage',
    about: 'The pictures at the top of the home screen.',
  },
] as const satisfies ReadonlyArray<{ id: string; label: string; permission: Permission; about: string }>;

/**
 * What players read and where they pay, each part with the player's view beside it. Every change is
 * confirmed, saved through the owner settings or content routes (audited before and after) and reaches the
 * player app on its next call.
 */
export default function ContentScreen() {
  const { tab: asked } = useParams();
  const operator = useOperator();
  const open = tabs.filter((t) => can(operator.role, t.permission));
  const tab = open.find((t) => t.id === asked);
  const first = open[0];
  if (!tab) return first ? <Navigate to={`/content/${first.id}`} replace /> : <Navigate to="/" replace />;
  return (
    <>
      <PageHeader title="Content & settings" description={tab.about} />
      <TabNav
        label="Content & settings"
        tabs={open.map((t) => ({ to: `/content/${t.id}`, label: t.label }))}
      />
      {tab.id === 'headlines' ? (
        <HeadlinesLoader />
      ) : tab.id === 'slider' ? (
        <SliderLoader />
      ) : (
        <SettingsLoader tab={tab.id} />
      )}
    </>
  );
}

function HeadlinesLoader() {
  return <Loaded query={useHeadlines()}>{(rows) => <HeadlinesTab headlines={rows} />}</Loaded>;
}

function SliderLoader() {
  return <Loaded query={useSlides()}>{(rows) => <SliderTab slides={rows} />}</Loaded>;
}

function SettingsLoader({ tab }: { tab: 'pages' | 'contacts' | 'payments' }) {
  return (
    <Loaded query={useOwnerSettings()}>
      {(saved) => {
        // A saved change starts the form again from what the server now holds.
        const key = `${tab}-${JSON.stringify(saved)}`;
        if (tab === 'pages') return <PagesTab key={key} saved={saved} />;
        if (tab === 'contacts') return <ContactsTab key={key} saved={saved} />;
        return <PaymentsTab key={key} saved={saved} />;
      }}
    </Loaded>
  );
}

function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton height={320} radius={12} />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
