import { endpoints } from '@gama/core/endpoints';
import type { StatementAnswer } from '@gama/core/endpoints/reconciliation/index';
import { statementUploadBody } from '@gama/core/endpoints/reconciliation/index';
import { Button } from '@gama/ui/Button';
import { useSingleFlight } from '@gama/ui/use-single-flight';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Panel } from '../../components/PageHeader.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { statementKey, statementsKey } from './outcomes.ts';
import styles from './ReconciliationScreen.module.css';

/**
 * Sends the statement export as the bank wrote it; the server finds the header and the columns. The same
 * request schema as the server's checks the file first (empty, too long), so a wrong file is named at once.
 */
export function UploadPanel({ onUploaded }: { onUploaded: (answer: StatementAnswer) => void }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const send = useSingleFlight(async () => {
    if (!file) {
      setError('Choose the statement file (CSV) first');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = statementUploadBody.safeParse({ filename: file.name, csv: await file.text() });
      if (!body.success) {
        setError(body.error.issues[0]?.message ?? 'This file cannot be read as a statement');
        return;
      }
      const answer = await call(endpoints.statementUpload, body.data);
      queryClient.setQueryData(statementKey(answer.statement.id), answer);
      await queryClient.invalidateQueries({ queryKey: statementsKey, exact: true });
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded(answer);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Panel title="Upload a statement">
      <form
        className={styles.upload}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void send();
        }}
      >
        <div className={styles.fileField}>
          <label htmlFor={inputId}>Statement file (CSV)</label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
          <p className={styles.hint}>
            The export of the business account or UPI app as it comes: UTR or reference, amount, date and
            payer are found by their column names. The same file uploaded again changes nothing.
          </p>
        </div>
        <Button type="submit" busy={busy} busyText="Uploading" icon={<Upload size={18} aria-hidden="true" />}>
          Upload and match
        </Button>
      </form>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
    </Panel>
  );
}
