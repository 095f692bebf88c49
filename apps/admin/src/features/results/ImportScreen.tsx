import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import { IMPORT_MAX_CHARS, importCsvMessages } from '@gama/core/endpoints/results/index';
import { Button } from '@gama/ui/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/DataTable.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { ExportButton } from '../../components/ExportButton.tsx';
import { FilterInput } from '../../components/FilterBar.tsx';
import { PageHeader, Panel } from '../../components/PageHeader.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call, urlOf } from '../../lib/api-client.ts';
import type { Tone } from '../../lib/labels.ts';
import styles from './ImportScreen.module.css';

type Outcome = Answer<typeof endpoints.resultsImport>;
type Line = Outcome['lines'][number];

const states: Record<Line['state'], { label: string; tone: Tone }> = {
  ok: { label: 'Will import', tone: 'info' },
  recorded: { label: 'Imported', tone: 'success' },
  unchanged: { label: 'Already there', tone: 'pending' },
  refused: { label: 'Refused', tone: 'danger' },
};

const columns: ReadonlyArray<Column<Line>> = [
  { id: 'line', header: 'Line', cell: (l) => l.line, primary: true },
  { id: 'text', header: 'Text', cell: (l) => <code>{l.text}</code> },
  {
    id: 'state',
    header: 'Outcome',
    cell: (l) => <StatusPill tone={states[l.state].tone}>{states[l.state].label}</StatusPill>,
  },
  { id: 'msg', header: 'Why', cell: (l) => l.msg ?? '' },
];

/**
 * Past results from an old system: a market's CSV pasted or picked, previewed line by line (nothing written),
 * then imported; the server judges both the same way, so what the preview promises is what the import does.
 */
export default function ImportScreen() {
  const markets = useQuery({
    queryKey: ['markets'],
    queryFn: ({ signal }) => call(endpoints.listMarkets, {}, { signal }),
  });
  const [marketId, setMarketId] = useState('');
  const [csv, setCsv] = useState('');
  const [outcome, setOutcome] = useState<{ imported: boolean; answer: Outcome } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const market = markets.data?.markets.find((m) => String(m.id) === marketId);
  const format = market ? (market.grp === 'main' ? 'date,open,close' : 'date,result') : null;

  async function run(imported: boolean) {
    setError(null);
    if (!market) return setError('Choose a market first');
    if (csv.trim() === '') return setError(importCsvMessages.empty);
    setBusy(true);
    try {
      const body = { market_id: market.id, csv };
      const answer = await call(imported ? endpoints.resultsImport : endpoints.resultsImportPreview, body);
      setOutcome({ imported, answer });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function pick(file: File | undefined) {
    if (!file) return;
    if (file.size > IMPORT_MAX_CHARS) return setError(importCsvMessages.tooLarge);
    setCsv(await file.text());
    setOutcome(null);
  }

  const counts = outcome?.answer.counts;
  return (
    <>
      <PageHeader
        title="Import past results"
        description="Bring a market's chart from your old system. Days already declared are never overwritten; a day that had bids is settled once."
        actions={<Link to="/results">Back to results</Link>}
      />
      <Panel title="CSV">
        <div className={styles.form}>
          <SelectField
            label="Market"
            value={marketId}
            onValueChange={(v) => {
              setMarketId(v);
              setOutcome(null);
            }}
            options={[
              { value: '', label: markets.isPending ? 'Loading markets…' : 'Choose a market' },
              ...(markets.data?.markets ?? []).map((m) => ({
                value: String(m.id),
                label: `${m.name} (${m.grp})`,
              })),
            ]}
          />
          <p className={styles.hint}>
            {format
              ? `One line a day: ${format}. Dates YYYY-MM-DD or DD-MM-YYYY${format === 'date,open,close' ? '; leave the close empty if it is not known' : ''}. A header line is skipped.`
              : 'Choose a market to see the format its lines take.'}
          </p>
          <label className={styles.area}>
            <span>Lines</span>
            <textarea
              value={csv}
              rows={10}
              spellCheck={false}
              placeholder={format === 'date,result' ? '2024-01-15,123' : '2024-01-15,123,456'}
              onChange={(event) => {
                setCsv(event.target.value);
                setOutcome(null);
              }}
            />
          </label>
          <label className={styles.file}>
            <span>Or choose a .csv file</span>
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </label>
          <div className={styles.actions}>
            <Button variant="outline" disabled={busy} onClick={() => void run(false)}>
              Preview
            </Button>
            <Button
              disabled={busy || !outcome || outcome.imported || outcome.answer.counts.ok === 0}
              onClick={() => void run(true)}
            >
              {outcome && !outcome.imported && counts ? `Import ${counts.ok} good lines` : 'Import'}
            </Button>
          </div>
          {/* The screen's own checks say what is wrong; the server's refusals come as errors. */}
          {typeof error === 'string' ? (
            <p className={styles.problem} role="alert">
              {error}
            </p>
          ) : (
            error !== null && <ErrorNotice error={error} />
          )}
        </div>
      </Panel>
      {outcome && counts && (
        <Panel title={outcome.imported ? 'Imported' : 'Preview'}>
          <p className={styles.counts} role="status">
            {outcome.imported
              ? `${counts.recorded} imported, ${counts.unchanged} already there, ${counts.refused} refused.`
              : `${counts.ok} to import, ${counts.unchanged} already there, ${counts.refused} refused. Nothing is written until you import.`}
          </p>
          <DataTable
            caption="Lines of the CSV and what each does"
            columns={columns}
            rows={outcome.answer.lines}
            rowKey={(l) => l.line}
            empty="No lines with results: only a header or blank lines"
            rowTone={(l) => (l.state === 'refused' ? 'danger' : undefined)}
          />
        </Panel>
      )}
      <Panel title="Export">
        <div className={styles.exportRow}>
          <FilterInput label="From" type="date" value={from} onValueChange={setFrom} />
          <FilterInput label="To" type="date" value={to} onValueChange={setTo} />
          {market ? (
            <ExportButton
              href={urlOf(endpoints.resultsExport, {
                market_id: market.id,
                format: 'csv',
                ...(from ? { from } : {}),
                ...(to ? { to } : {}),
              })}
              filename={`results-${market.name}.csv`}
            />
          ) : (
            <span className={styles.hint}>Choose a market to export its results.</span>
          )}
        </div>
      </Panel>
    </>
  );
}
