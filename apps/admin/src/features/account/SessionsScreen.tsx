import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { describeDevice } from './device.ts';

type Session = Answer<typeof endpoints.operatorSessions>['sessions'][number];
const sessionsKey = ['operator', 'sessions'] as const;

/** The operator's own sessions: where they are signed in, and ending the ones they do not recognise. */
export default function SessionsScreen() {
  const sessions = useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => call(endpoints.operatorSessions, {}, { signal }),
  });
  const after = useAfterAction();
  const signOut = useSignOut();
  const [ending, setEnding] = useState<Session | 'others' | null>(null);
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;

  const columns: Column<Session>[] = [
    {
      id: 'device',
      header: 'Device',
      primary: true,
      cell: (s) => (
        <span>
          {describeDevice(s.user_agent)} {s.current && <StatusPill tone="success">This device</StatusPill>}
        </span>
      ),
    },
    { id: 'ip', header: 'Address', cell: (s) => s.ip ?? '—' },
    { id: 'created', header: 'Signed in', cell: (s) => formatDateTime(s.created_at) },
    { id: 'seen', header: 'Last active', cell: (s) => formatDateTime(s.last_seen_at) },
  ];

  return (
    <>
      <PageHeader
        title="My sessions"
        description="Everywhere you are signed in. A session ends by itself after 30 minutes without activity."
        actions={
          <Button
            small
            variant="outline"
            disabled={others === 0}
            icon={<LogOut size={16} aria-hidden="true" />}
            onClick={() => setEnding('others')}
          >
            End all other sessions
          </Button>
        }
      />
      <DataTable
        caption="Your sessions"
        columns={columns}
        rows={sessions.data?.sessions}
        rowKey={(s) => s.id}
        loading={sessions.isPending}
        error={sessions.error}
        onRetry={() => void sessions.refetch()}
        empty="No sessions."
        actions={(s) => (
          <Button small variant={s.current ? 'ghost' : 'outline'} onClick={() => setEnding(s)}>
            {s.current ? 'Sign out here' : 'End session'}
          </Button>
        )}
      />
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={ending === 'others' ? 'End other sessions' : 'End session'}
        confirmLabel={ending === 'others' ? 'End them' : 'End session'}
        busyText="Ending"
        tone="danger"
        onConfirm={async () => {
          if (ending === 'others') {
            await after(() => call(endpoints.operatorSessionsEndOthers, {}), {
              success: ({ ended }) => `${ended} other ${ended === 1 ? 'session' : 'sessions'} ended`,
              refresh: [sessionsKey],
            });
          } else if (ending) {
            const { current } = await call(endpoints.operatorSessionEnd, { id: ending.id });
            if (current) await signOut('You signed out');
            else await after(async () => undefined, { success: 'Session ended', refresh: [sessionsKey] });
          }
        }}
      >
        {ending === 'others' ? (
          <p>
            Sign out <strong>{others}</strong> other {others === 1 ? 'session' : 'sessions'}. This device
            stays signed in.
          </p>
        ) : ending ? (
          <p>
            Sign out <strong>{describeDevice(ending.user_agent)}</strong>
            {ending.ip ? ` at ${ending.ip}` : ''}, signed in {formatDateTime(ending.created_at)}
            {ending.current ? '. This is the device you are using: you will be signed out here.' : '.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
