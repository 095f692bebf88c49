import { endpoints } from '@gama/core/endpoints';
import { QR_MAX_SIDE } from '@gama/core/endpoints/content/console';
import { Button } from '@gama/ui/Button';
import { Skeleton } from '@gama/ui/Skeleton';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { call } from '../../lib/api-client.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { SaveDialog } from '../../shared/SaveDialog.tsx';
import { qrKey, useQr } from './api.ts';
import { ImagePicker } from './ImagePicker.tsx';
import styles from './ContentScreen.module.css';

/**
 * The QR image of Via QR Pay: the operator's own (their bank's merchant QR, say) or the code made from the QR
 * UPI id. An upload or a return to the generated code is saved at once, after a confirmation showing it.
 */
export function QrImagePanel() {
  const qr = useQr(true);
  const after = useAfterAction();
  const [upload, setUpload] = useState<string | null>(null);
  const [clearing, setClearing] = useState(false);

  if (qr.isPending) return <Skeleton height={120} radius={12} />;
  if (qr.isError) return <ErrorNotice error={qr.error} onRetry={() => void qr.refetch()} />;
  const uploaded = qr.data.source === 'uploaded';
  return (
    <div className={styles.qrPanel}>
      {qr.data.player_image ? (
        <img className={styles.qrThumb} src={qr.data.player_image} alt="The QR code players scan now" />
      ) : (
        <span className={styles.qrNone}>No QR code</span>
      )}
      <div className={styles.qrSide}>
        <StatusPill tone={uploaded ? 'brand' : 'info'}>
          {uploaded ? 'Uploaded image' : 'Generated from the QR UPI id'}
        </StatusPill>
        <p className={styles.hint}>
          An uploaded image is shown as it is (PNG, JPEG or WebP up to 5 MB, fitted in {QR_MAX_SIDE}x
          {QR_MAX_SIDE}
          ); it must pay the QR UPI id above, which players copy.
        </p>
        <div className={styles.rowActions}>
          <ImagePicker label={uploaded ? 'Replace the QR image' : 'Upload a QR image'} onImage={setUpload} />
          {uploaded && (
            <Button
              variant="ghost"
              small
              icon={<RotateCcw size={16} aria-hidden="true" />}
              onClick={() => setClearing(true)}
            >
              Use the generated code
            </Button>
          )}
        </div>
      </div>
      <SaveDialog
        wording={{ title: 'Show this QR image', confirmLabel: 'Upload', busyText: 'Uploading' }}
        pending={upload}
        onClose={() => setUpload(null)}
        save={(image) => call(endpoints.contentQrUpload, { image })}
        saved={{ success: 'QR image saved', refresh: [qrKey] }}
      >
        <p>Via QR Pay will show this image instead of the {uploaded ? 'current one' : 'generated code'}:</p>
        {upload && <img className={styles.confirmImage} src={upload} alt="The QR image to upload" />}
      </SaveDialog>
      <ConfirmDialog
        open={clearing}
        onClose={() => setClearing(false)}
        title="Use the generated code"
        confirmLabel="Use the generated code"
        busyText="Saving"
        onConfirm={() =>
          after(() => call(endpoints.contentQrClear, {}), {
            success: 'QR code generated again',
            refresh: [qrKey],
          })
        }
      >
        <p>
          The uploaded image is removed; Via QR Pay shows a code made from{' '}
          <strong>{qr.data.upi_id || '(no UPI id)'}</strong>.
        </p>
      </ConfirmDialog>
    </div>
  );
}
