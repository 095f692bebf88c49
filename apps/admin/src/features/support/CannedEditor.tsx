import { CANNED_MAX } from '@gama/core/endpoints/support/index';
import { Button } from '@gama/ui/Button';
import { useState } from 'react';
import { toast } from 'sonner';
import { Panel } from '../../components/PageHeader.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useCanned, useSaveCanned } from './api.ts';
import styles from './Support.module.css';

type Draft = { title: string; text: string }[];

/** The owner's canned replies: edited as a list and saved whole (the server audits before and after). */
export function CannedEditor({ onDone }: { onDone: () => void }) {
  const canned = useCanned();
  const save = useSaveCanned();
  const [draft, setDraft] = useState<Draft | null>(null);
  const rows: Draft = draft ?? canned.data?.replies ?? [];
  const change = (i: number, patch: Partial<Draft[number]>) =>
    setDraft(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Panel title="Canned replies">
      {rows.map((r, i) => (
        <div key={i} className={styles.cannedRow}>
          <input
            aria-label={`Title ${i + 1}`}
            value={r.title}
            onChange={(e) => change(i, { title: e.target.value })}
          />
          <textarea
            aria-label={`Text ${i + 1}`}
            className={styles.textarea}
            value={r.text}
            onChange={(e) => change(i, { text: e.target.value })}
          />
          <Button small variant="ghost" onClick={() => setDraft(rows.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div className={styles.threadActions}>
        <Button
          small
          variant="outline"
          disabled={rows.length >= CANNED_MAX}
          onClick={() => setDraft([...rows, { title: '', text: '' }])}
        >
          Add a reply
        </Button>
        <Button
          small
          busy={save.isPending}
          busyText="Saving"
          onClick={() =>
            save.mutate(rows, {
              onSuccess: () => {
                toast.success('Canned replies saved');
                setDraft(null);
                onDone();
              },
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Save
        </Button>
      </div>
    </Panel>
  );
}
