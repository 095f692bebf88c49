import { upiTypeNames, type UpiType } from '@gama/core/contract/funds-types';
import { fundsMessages as m } from '@gama/core/contract/funds-messages';
import {
  ArrowDownToLine,
  ArrowLeftRight,
  ArrowUpFromLine,
  ChevronRight,
  History,
  ReceiptText,
  Smartphone,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router/index.ts';
import { toast } from '../../lib/toast.ts';
import { Page } from '../../components/Page.tsx';
import { usePaymentDetails } from './api.ts';
import { fundsStyles as styles, MethodBadge, TileMenu, WalletCard, type Tile } from './parts.tsx';
import { WithdrawMethodDialog } from './WithdrawMethodDialog.tsx';
import { useT } from '../../lib/i18n/use-t.ts';

/** The three payout apps as tiles, in the spec's order: Paytm, GPay, PhonePe. */
export const payoutTiles: ReadonlyArray<{ type: UpiType; label: string; badge: string }> = [
  { type: '1', label: 'Paytm', badge: 'Pt' },
  { type: '2', label: 'GPay', badge: 'G' },
  { type: '3', label: 'PhonePe', badge: 'Pe' },
];

function readShowToast(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { showToast?: unknown }).showToast === true;
}

const WALLET_TILES: readonly Tile[] = [
  { to: '/imp9', money: true, icon: ArrowDownToLine, label: 'Add Fund', hint: 'Pay by UPI app or QR code' },
  { to: '/withdraw', icon: ArrowUpFromLine, label: 'Withdraw Fund', hint: 'To your saved UPI number' },
  { to: '/transaction', icon: ReceiptText, label: 'Wallet History', hint: 'Every credit and debit' },
  { to: '/transfer', icon: ArrowLeftRight, label: 'Transfer Points', hint: 'Send points to another player' },
  { to: '/histories', icon: History, label: 'All Histories', hint: 'Deposits, bids and wins' },
];

export default function FundsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const announced = useRef(false);
  const showToast = readShowToast(location.state);
  const t = useT();

  useEffect(() => {
    if (!showToast || announced.current) return;
    announced.current = true;
    toast.success(m.upiAdded);
    // Drop the flag from this history entry so a reload or a step back does not announce it again.
    void navigate(location.pathname, { replace: true, state: null });
  }, [showToast, navigate, location.pathname]);

  return (
    <Page title={t('Funds')}>
      <WalletCard />
      <TileMenu label={t('Wallet management')} tiles={WALLET_TILES} />
      <WithdrawMethods />
    </Page>
  );
}

function WithdrawMethods() {
  const [expanded, setExpanded] = useState(false);
  const [chosen, setChosen] = useState<UpiType | null>(null);
  const panelId = useId();
  const t = useT();
  const saved = usePaymentDetails();
  const savedNumber = (type: UpiType) => {
    const details = saved.data;
    if (!details) return '';
    return type === '1'
      ? details.paytm_number
      : type === '2'
        ? details.google_pay_number
        : details.phone_pay_number;
  };

  return (
    <section className={styles.section}>
      <button
        type="button"
        className={[styles.tile, expanded && styles.expanded].filter(Boolean).join(' ')}
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setExpanded((open) => !open)}
      >
        <span className={styles.tileIcon} aria-hidden="true">
          <Smartphone size={22} />
        </span>
        <span className={styles.tileText}>
          <span>{t('Withdraw Methods')}</span>
          <span className={styles.tileHint}>{t('Add or change your payout UPI numbers')}</span>
        </span>
        <ChevronRight size={20} className={styles.chevron} aria-hidden="true" />
      </button>
      <div id={panelId} hidden={!expanded} className={styles.methodGrid}>
        {payoutTiles.map((tile) => {
          const number = savedNumber(tile.type);
          return (
            <button
              key={tile.type}
              type="button"
              className={styles.method}
              onClick={() => setChosen(tile.type)}
            >
              <MethodBadge text={tile.badge} />
              {number ? (
                // Named by a hidden text, not aria-label: a label must hold every visible word, the badge's
                // letters included (WCAG 2.5.3), and "Pt Paytm" would read worse than "Paytm, saved 98...".
                <>
                  <span aria-hidden="true">{tile.label}</span>
                  <span className={styles.methodSaved} aria-hidden="true">
                    {number}
                  </span>
                  <span className="visually-hidden">
                    {t('{method}, saved {number}', { method: tile.label, number })}
                  </span>
                </>
              ) : (
                tile.label
              )}
            </button>
          );
        })}
      </div>
      <WithdrawMethodDialog
        type={chosen}
        title={chosen ? t('{method} Number', { method: upiTypeNames[chosen] }) : ''}
        onClose={() => setChosen(null)}
      />
    </section>
  );
}
