import type { TransactionRow } from '@gama/core/endpoints/wallet/index';
import type { WithdrawRow } from '@gama/core/endpoints/funds/index';
import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import { ArrowDownLeft, ArrowUpRight, FileText, TriangleAlert } from 'lucide-react';
import { Page } from '../../components/Page.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useWalletHistory, useWithdrawHistory } from './api.ts';
import { EmptyState, fundsStyles as styles, ListSkeleton } from './parts.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import { Link } from '../../lib/router/index.ts';
import { askAboutPath } from '../../shared/support/unread.ts';

function LoadError({ error }: { error: unknown }) {
  const t = useT();
  return (
    <p className={styles.notice} role="alert">
      <TriangleAlert size={18} aria-hidden="true" />
      {t.fromServer(errorMessage(error))}
    </p>
  );
}

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

/** Spec 01 section 2.3: only approved credits from deposits; amount_status "1" reads Approved, others raw. */
export function DepositHistoryScreen() {
  const history = useWalletHistory();
  const rows = history.data?.filter((row) => row.kind === 'deposit' && row.transaction_type === '1') ?? [];
  const t = useT();
  return (
    <Page title={t('Deposit History')}>
      {history.isPending ? (
        <ListSkeleton label={t('Loading deposits')} />
      ) : history.isError ? (
        <LoadError error={history.error} />
      ) : rows.length === 0 ? (
        <EmptyState>{t(m.noDepositHistory)}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('Deposits')}>
          {rows.map((row) => (
            <TransactionItem
              key={row.transaction_id}
              row={row}
              status={row.amount_status === '1' ? 'Approved' : row.amount_status}
            />
          ))}
        </ul>
      )}
    </Page>
  );
}

export function WalletHistoryScreen() {
  const history = useWalletHistory();
  const t = useT();
  return (
    <Page title={t('Wallet History')}>
      {history.isPending ? (
        <ListSkeleton label={t('Loading transactions')} />
      ) : history.isError ? (
        <LoadError error={history.error} />
      ) : history.data.length === 0 ? (
        <EmptyState>{t('No transactions yet.')}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('Transactions')}>
          {history.data.map((row) => (
            <TransactionItem key={row.transaction_id} row={row} />
          ))}
        </ul>
      )}
    </Page>
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
    <Page title={t('Withdraw History')}>
      {history.isPending ? (
        <ListSkeleton label={t('Loading withdrawals')} />
      ) : history.isError ? (
        <LoadError error={history.error} />
      ) : history.data.length === 0 ? (
        <EmptyState>{t(m.noWithdrawHistory)}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('Withdrawals')}>
          {history.data.map((row) => {
            const status = withdrawStatus[row.request_status] ?? {
              label: 'Unknown',
              className: 'tone-pending',
            };
            const payout = payoutOf(row);
            return (
              <li key={row.request_number} className={styles.request} data-testid="withdraw-row">
                <div className={styles.requestHead}>
                  <span className={styles.requestAmount}>
                    {t('{amount} points', { amount: row.request_amount })}
                  </span>
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
                  <a
                    className={styles.receipt}
                    href={row.payment_receipt}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <FileText size={16} aria-hidden="true" />
                    {t('View receipt')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
