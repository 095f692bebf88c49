import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { Copy, QrCode, Wallet } from 'lucide-react';
import { Panel } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { useCan } from '../../lib/session.ts';
import { useQr } from './api.ts';
import {
  PhonePreview,
  PreviewButton,
  PreviewCard,
  previewStyles as p,
  useFollowedChoice,
} from '../../shared/phone-preview/PhonePreview.tsx';
import { QrImagePanel } from './QrImagePanel.tsx';
import { SettingsForm, type FieldGroup } from './SettingsForm.tsx';

const upiGroup: FieldGroup = {
  title: 'UPI apps (Add Money)',
  fields: [
    { key: 'upi_phonepe', label: 'PhonePe UPI id', kind: 'line', placeholder: 'name@bank' },
    { key: 'upi_gpay', label: 'Google Pay UPI id', kind: 'line', placeholder: 'name@bank' },
    { key: 'upi_paytm', label: 'Paytm UPI id', kind: 'line', placeholder: 'name@bank' },
    { key: 'upi_other', label: 'Other UPI gateway id', kind: 'line', placeholder: 'name@bank' },
    {
      key: 'payment_gateway',
      label: 'Payments through UPI apps',
      kind: 'switch',
      hint: 'Off: Via UPI Apps tells players to pay by QR code instead.',
    },
  ],
};

const qrGroup: FieldGroup = {
  title: 'QR code (Via QR Pay)',
  fields: [
    {
      key: 'qr_upi_id',
      label: 'QR UPI id',
      kind: 'line',
      placeholder: 'name@bank',
      hint: 'Shown under the QR code with a Copy button; the generated code pays it. Empty: no QR payments.',
    },
    {
      key: 'qr_payee_name',
      label: 'Payee name',
      kind: 'line',
      hint: 'The name a UPI app shows when paying.',
    },
  ],
};

const limitsGroup: FieldGroup = {
  title: 'Limits and hours',
  fields: [
    { key: 'min_deposit', label: 'Minimum deposit (points)', kind: 'points' },
    { key: 'min_withdrawal', label: 'Minimum withdrawal (points)', kind: 'points' },
    { key: 'withdrawal_open', label: 'Withdrawals from', kind: 'clock', placeholder: '10:00 AM' },
    {
      key: 'withdrawal_close',
      label: 'Withdrawals until',
      kind: 'clock',
      placeholder: '06:00 PM',
      hint: 'Market time; the window may run past midnight.',
    },
    { key: 'transfer_min', label: 'Smallest transfer (points)', kind: 'points' },
    {
      key: 'default_betting_status',
      label: 'New players may bet',
      kind: 'betting',
      hint: 'The betting status of players who register from now on; players already registered keep theirs.',
    },
  ],
};

type Screen = 'upi' | 'qr' | 'withdraw' | 'transfer';
const screens: ReadonlyArray<{ value: Screen; label: string }> = [
  { value: 'upi', label: 'Via UPI Apps' },
  { value: 'qr', label: 'Via QR Pay' },
  { value: 'withdraw', label: 'Withdraw' },
  { value: 'transfer', label: 'Transfer' },
];

const screenOfField: Partial<Record<OwnerSettingKey, Screen>> = {
  upi_phonepe: 'upi',
  upi_gpay: 'upi',
  upi_paytm: 'upi',
  upi_other: 'upi',
  payment_gateway: 'upi',
  min_deposit: 'upi',
  qr_upi_id: 'qr',
  qr_payee_name: 'qr',
  min_withdrawal: 'withdraw',
  withdrawal_open: 'withdraw',
  withdrawal_close: 'withdraw',
  transfer_min: 'transfer',
};

export function PaymentsTab({ saved }: { saved: OwnerSettings }) {
  const canSeeQr = useCan('content.manage');
  return (
    <SettingsForm
      name="Payment settings"
      saved={saved}
      groups={[upiGroup, qrGroup, limitsGroup]}
      after={
        canSeeQr && (
          <Panel title="QR image">
            <QrImagePanel />
          </Panel>
        )
      }
      preview={(values, focused) => (
        <PaymentsPreview
          values={values}
          saved={saved}
          canSeeQr={canSeeQr}
          hint={focused === null ? null : (screenOfField[focused] ?? null)}
        />
      )}
    />
  );
}

function PaymentsPreview({
  values,
  saved,
  canSeeQr,
  hint,
}: {
  values: OwnerSettings;
  saved: OwnerSettings;
  canSeeQr: boolean;
  hint: Screen | null;
}) {
  const [screen, setScreen] = useFollowedChoice<Screen>('upi', hint);
  const picker = (
    <Segmented label="Screen to preview" value={screen} options={screens} onChange={setScreen} />
  );
  const label = screens.find((s) => s.value === screen)?.label ?? '';
  switch (screen) {
    case 'upi':
      return (
        <PhonePreview label={label} title="Via UPI Apps" picker={picker}>
          {values.payment_gateway ? (
            <PreviewCard>
              <div className={p.field}>
                Amount
                <span className={p.input}>Minimum {values.min_deposit}</span>
              </div>
              <div className={p.methods}>
                {(
                  [
                    ['PhonePe', values.upi_phonepe],
                    ['Google Pay', values.upi_gpay],
                    ['Paytm', values.upi_paytm],
                    ['Other UPI Gateway', values.upi_other],
                  ] as const
                ).map(([name, id]) => (
                  <span key={name} className={[p.method, id === '' && p.off].filter(Boolean).join(' ')}>
                    <span>{name}</span>
                    <small>{id === '' ? 'Not set: the app says the UPI ID is not configured' : id}</small>
                  </span>
                ))}
              </div>
              <PreviewButton tone="money" icon={<Wallet size={20} aria-hidden="true" />}>
                Add Money
              </PreviewButton>
            </PreviewCard>
          ) : (
            <PreviewCard>
              <p className={p.notice}>
                Payments through UPI apps are unavailable right now. Please pay by QR code instead.
              </p>
              <PreviewButton tone="primary" icon={<QrCode size={20} aria-hidden="true" />}>
                Pay via QR
              </PreviewButton>
            </PreviewCard>
          )}
        </PhonePreview>
      );
    case 'qr':
      return (
        <PhonePreview label={label} title="Via QR Pay" picker={picker}>
          <QrPreview values={values} saved={saved} enabled={canSeeQr} />
        </PhonePreview>
      );
    case 'withdraw':
      return (
        <PhonePreview label={label} title="Withdraw Funds" picker={picker}>
          <PreviewCard>
            <dl className={p.facts}>
              <dt>Hours</dt>
              <dd>
                {values.withdrawal_open} to {values.withdrawal_close}
              </dd>
              <dt>Below the minimum</dt>
              <dd>{`Min amt is ${values.min_withdrawal}`}</dd>
              <dt>Outside the hours</dt>
              <dd>Withdrawals are only allowed during specified hours.</dd>
            </dl>
          </PreviewCard>
        </PhonePreview>
      );
    case 'transfer':
      return (
        <PhonePreview label={label} title="Transfer Points" picker={picker}>
          <PreviewCard>
            <div className={p.field}>
              Points
              <span className={p.input}>At least {values.transfer_min}</span>
            </div>
            <dl className={p.facts}>
              <dt>Fewer points</dt>
              <dd>{fundsMessages.transferMinOf(String(values.transfer_min))}</dd>
            </dl>
          </PreviewCard>
        </PhonePreview>
      );
  }
}

/** The code the app shows now; a UPI id changed in the form makes a new code once it is saved. */
function QrPreview({
  values,
  saved,
  enabled,
}: {
  values: OwnerSettings;
  saved: OwnerSettings;
  enabled: boolean;
}) {
  const qr = useQr(enabled);
  const image = qr.data?.player_image ?? '';
  const pending = values.qr_upi_id !== saved.qr_upi_id || values.qr_payee_name !== saved.qr_payee_name;
  if (values.qr_upi_id === '' || (qr.isSuccess && image === '' && !pending))
    return (
      <PreviewCard>
        <p className={p.notice}>
          QR payments are not available right now. Please use a UPI app or contact us.
        </p>
      </PreviewCard>
    );
  return (
    <PreviewCard>
      <p className={p.muted}>Scan with your UPI app and pay the amount you want to add.</p>
      {image && <img className={p.qr} src={image} alt={`QR code to pay ${values.qr_upi_id}`} />}
      {pending && qr.data?.source !== 'uploaded' && (
        <p className={p.muted}>The code is made again from the new UPI id when you save.</p>
      )}
      <span className={p.upiId} data-testid="preview-qr-upi-id">
        {values.qr_upi_id} <Copy size={14} aria-hidden="true" />
      </span>
    </PreviewCard>
  );
}
