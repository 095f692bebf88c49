import { endpoints } from '@gama/core/endpoints';
import type { RatesAnswer } from '@gama/core/endpoints/rates/index';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { Lock, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Notice } from '../../components/Notice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { call } from '../../lib/api-client.ts';
import { Loaded } from '../../shared/Loaded.tsx';
import { rateGroups as groups, ratesKey } from './rate-groups.ts';
import { RateHistory } from './RateHistory.tsx';
import { RatesEditor } from './RatesEditor.tsx';

/**
 * Game rates per market group: the set in force, edited as a new version, and every version with who set it.
 * The group is in the URL so a link opens the same rates.
 */
export default function RatesScreen() {
  const [search, setSearch] = useSearchParams();
  const group = groups.find((g) => g.value === search.get('group'))?.value ?? 'main';
  const rates = useQuery({
    queryKey: ratesKey(group),
    queryFn: ({ signal }): Promise<RatesAnswer> => call(endpoints.ratesRead, { group }, { signal }),
    // Never swap the form under an operator who is typing: a change saved elsewhere in between is refused by
    // the server (base_version) with a message saying so, and Reload fetches the new version.
    refetchOnWindowFocus: false,
  });

  return (
    <>
      <PageHeader
        title="Rates"
        description="What each bet type pays, as a stake and its payout (10-95: a bid of 10 points wins 95). Each change is a new version."
        actions={
          <Button
            small
            variant="outline"
            icon={<RefreshCw size={16} aria-hidden="true" />}
            busy={rates.isFetching}
            busyText="Reloading"
            onClick={() => void rates.refetch()}
          >
            Reload
          </Button>
        }
      />
      <Notice icon={Lock}>
        <strong>Placed bids keep their rate.</strong> Every bid stores the rate in force when it was placed,
        so a change pays differently only for bids placed after it is saved.
      </Notice>
      <Segmented
        label="Market group"
        value={group}
        options={groups}
        onChange={(value) => setSearch(value === 'main' ? {} : { group: value }, { replace: true })}
      />
      <Loaded query={rates} height={320} radius={12}>
        {(data) => (
          <>
            {/* A new version (saved here or elsewhere) starts a fresh form from what is in force. */}
            <RatesEditor key={`${group}-${data.current.version}`} answer={data} />
            <RateHistory answer={data} />
          </>
        )}
      </Loaded>
    </>
  );
}
