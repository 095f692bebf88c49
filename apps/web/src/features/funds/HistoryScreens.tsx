import type { TransactionRow } from '@gama/core/endpoints/wallet/index';
import type { WithdrawRow } from '@gama/core/endpoints/funds/index';
import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { ArrowDownLeft, ArrowUpRight, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Page } from '../../components/Page.tsx';
import { useWalletHistory, useWithdrawHistory } from './api.ts';
import { EmptyState, fundsStyles as styles, ListSkeleton, LoadError } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { Link } from '../../lib/router/index.ts';
import { askAboutPath } from '../../shared/support/unread.ts';

function TransactionItem({ row, status }: { row: TransactionRow; status?: string }) {
  const credit = row.transaction_type === '1';
  const t = useT();
  return (
    <li
      className={[styles.row, credit ? styles.credit : styles.debit].join(' ')}
      data-testid="transaction-row"
    >
      <span className={styles.rowIcon} aria-hidden="true">
        {credit ? <ArrowDownLeft size={20} /> : <ArrowUpRight size={20} />}
      </span>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{t.fromServer(row.transaction_note)}</span>
        <span className={styles.rowMeta}>{row.insert_date}</span>
      </span>
      <span className={styles.rowSide}>
        <span className={styles.amount}>
          <span className="visually-hidden">{credit ? t('Credit') : t('Debit')} </span>
          {credit ? '+' : '−'}
          {row.amount}
        </span>
        {status && <span className={`${styles.pill} tone-success`}>{t.fromServer(status)}</span>}
      </span>
    </li>
  );
}

/**
 * The funds histories' one shape: a list that loads, may fail, may be empty, and otherwise shows a row per
 * record. Each screen gives its texts and how a row reads.
 */
function HistoryPage<Row>({
  title,
  query,
  rows,
  loadingLabel,
  emptyText,
  listLabel,
  renderRow,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  rows: readonly Row[] | undefined;
  loadingLabel: string;
  emptyText: string;
  listLabel: string;
  renderRow: (row: Row) => ReactNode;
}) {
  return (
    <Page title={title}>
      {query.isPending ? (
        <ListSkeleton label={loadingLabel} />
      ) : query.isError ? (
        <LoadError error={query.error} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={listLabel}>
          {rows.map(renderRow)}
        </ul>
      )}
    </Page>
  );
}

/** Spec 01 section 2.3: only approved credits from deposits; amount_status "1" reads Approved, others raw. */
export function DepositHistoryScreen() {
  const history = useWalletHistory();
  const t = useT();
  return (
    <HistoryPage
      title={t('Deposit History')}
      query={history}
      rows={history.data?.filter((row) => row.kind === 'deposit' && row.transaction_type === '1')}
      loadingLabel={t('Loading deposits')}
      emptyText={t(m.noDepositHistory)}
      listLabel={t('Deposits')}
      renderRow={(row) => (
        <TransactionItem
          key={row.transaction_id}
          row={row}
          status={row.amount_status === '1' ? 'Approved' : row.amount_status}
        />
      )}
    />
  );
}

export function WalletHistoryScreen() {
  const history = useWalletHistory();
  const t = useT();
  return (
    <HistoryPage
      title={t('Wallet History')}
      query={history}
      rows={history.data}
      loadingLabel={t('Loading transactions')}
      emptyText={t('No transactions yet.')}
      listLabel={t('Transactions')}
      renderRow={(row) => <TransactionItem key={row.transaction_id} row={row} />}
    />
  );
}

const withdrawStatus: Record<string, { label: string; className: string | undefined }> = {
  '0': { label: 'Pending', className: 'tone-pending' },
  '1': { label: 'Cancelled', className: 'tone-danger' },
  '2': { label: 'Approved', className: 'tone-success' },
};

function payoutOf(row: WithdrawRow): { method: string; number: string } {
  if (row.google_pay_number) return { method: 'Google Pay', number: row.google_pay_number };
  if (row.phone_pay_number) return { method: 'PhonePe', number: row.phone_pay_number };
  if (row.paytm_number) return { method: 'Paytm', number: row.paytm_number };
  return { method: '-', number: '' };
}

export function WithdrawHistoryScreen() {
  const history = useWithdrawHistory();
  const t = useT();
  return (
    <HistoryPage
      title={t('Withdraw History')}
      query={history}
      rows={history.data}
      loadingLabel={t('Loading withdrawals')}
      emptyText={t(m.noWithdrawHistory)}
      listLabel={t('Withdrawals')}
      renderRow={(row) => <WithdrawItem key={row.request_number} row={row} />}
    />
  );
}

function WithdrawItem({ row }: { row: WithdrawRow }) {
  const t = useT();
  const status = withdrawStatus[row.request_status] ?? { label: 'Unknown', className: 'tone-pending' };
  const payout = payoutOf(row);
  return (
    <li className={styles.request} data-testid="withdraw-row">
      <div className={styles.requestHead}>
        <span className={styles.requestAmount}>{t('{amount} points', { amount: row.request_amount })}</span>
        <span className={[styles.pill, status.className].join(' ')} data-testid="withdraw-status">
          {t.fromServer(status.label)}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('Request No.')}</dt>
        <dd>{row.request_number}</dd>
        <dt>{t('Date')}</dt>
        <dd>{row.insert_date}</dd>
        <dt>{payout.method}</dt>
        <dd>{payout.number}</dd>
      </dl>
      <Link to={askAboutPath('withdrawal', row.request_number)} data-testid="ask-about">
        {t('Ask about this')}
      </Link>
      {row.payment_receipt && (
        <a className={styles.receipt} href={row.payment_receipt} target="_blank" rel="noopener noreferrer">
          <FileText size={16} aria-hidden="true" />
          {t('View receipt')}
        </a>
      )}
    </li>
  );
}
