import type { StatementAnswer } from '@gama/core/endpoints/reconciliation/index';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCan } from '../../lib/session.ts';
import { outcomes, type Outcome } from './outcomes.ts';
import { StatementDetail } from './StatementDetail.tsx';
import { StatementList } from './StatementList.tsx';
import { UploadPanel } from './UploadPanel.tsx';

/**
 * Deposits matched against the bank: upload the statement export, read each line's outcome, approve the
 * matched ones in one action. The open statement and the outcome shown are in the URL (a link can be shared).
 */
export default function ReconciliationScreen() {
  const canUpload = useCan('deposits.decide');
  const [search, setSearch] = useSearchParams();
  const [uploaded, setUploaded] = useState<{ id: number; alreadyUploaded: boolean } | null>(null);
  const id = Number(search.get('statement'));
  const open = Number.isSafeInteger(id) && id > 0 ? id : null;
  const shown = outcomes.find((o) => o.value === search.get('outcome'))?.value ?? 'all';

  const onUploaded = (answer: StatementAnswer) => {
    const { statement } = answer;
    setUploaded({ id: statement.id, alreadyUploaded: answer.already_uploaded });
    if (!answer.already_uploaded)
      toast.success(
        `Statement uploaded: ${statement.counts.lines} lines, ${statement.counts.matched} matched`,
      );
    setSearch({ statement: String(statement.id) });
  };

  return (
    <>
      <PageHeader
        title="Statement reconciliation"
        description="Each money-in line of the bank or UPI statement is matched to a deposit request by UTR and amount. Approve the matched ones in one action; look at the others on the deposit desk."
      />
      {open === null ? (
        <>
          {canUpload && <UploadPanel onUploaded={onUploaded} />}
          <StatementList onOpen={(statement) => setSearch({ statement: String(statement) })} />
        </>
      ) : (
        <StatementDetail
          key={open}
          id={open}
          shown={shown}
          onShow={(value: Outcome | 'all') =>
            setSearch(
              value === 'all' ? { statement: String(open) } : { statement: String(open), outcome: value },
              { replace: true },
            )
          }
          onBack={() => setSearch({})}
          uploaded={uploaded?.id === open ? uploaded : null}
        />
      )}
    </>
  );
}
