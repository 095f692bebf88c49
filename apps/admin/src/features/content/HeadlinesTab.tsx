import { endpoints } from '@gama/core/endpoints';
import { HEADLINE_MAX, type HeadlineRow } from '@gama/core/endpoints/content/console';
import { Button } from '@gama/ui/Button';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { StatusPill } from '../../components/StatusPill.tsx';
import { Toggle } from '../../components/Toggle.tsx';
import { call } from '../../lib/api-client.ts';
import { useAfterAction } from '../../shared/use-action.ts';
import { headlinesKey } from './api.ts';
import { LongTextField } from '../../shared/long-text/LongTextField.tsx';
import {
  PhonePreview,
  PreviewFiller,
  PreviewMarquee,
  previewStyles,
} from '../../shared/phone-preview/PhonePreview.tsx';
import styles from './ContentScreen.module.css';

type Draft = Pick<HeadlineRow, 'notes' | 'notes_hi' | 'active'>;

/** What the app shows for a headline: its text when it is on and has some, otherwise nothing. */
const shownText = (draft: Draft) => (draft.active && draft.notes.trim() !== '' ? draft.notes.trim() : null);

/**
 * The three marquees (Home, Add Money, Withdraw): each saved on its own after a confirmation; the preview
 * follows the drafts of all three.
 */
export function HeadlinesTab({ headlines }: { headlines: readonly HeadlineRow[] }) {
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(
      headlines.map((h) => [h.id, { notes: h.notes, notes_hi: h.notes_hi, active: h.active }]),
    ),
  );
  const draftOf = (h: HeadlineRow): Draft => drafts[h.id] ?? h;
  return (
    <div className={styles.split}>
      <div className={styles.formColumn}>
        {headlines.map((headline) => (
          <HeadlineEditor
            key={headline.id}
            saved={headline}
            draft={draftOf(headline)}
            onChange={(draft) => setDrafts((current) => ({ ...current, [headline.id]: draft }))}
          />
        ))}
      </div>
      <div className={styles.previewColumn}>
        <PhonePreview label="Headlines">
          {headlines.map((headline) => (
            <div key={headline.id} className={styles.previewPlace}>
              <span className={previewStyles.caption}>{headline.place}</span>
              <PreviewMarquee text={shownText(draftOf(headline))} />
            </div>
          ))}
          <PreviewFiller rows={2} />
        </PhonePreview>
      </div>
    </div>
  );
}

function HeadlineEditor({
  saved,
  draft,
  onChange,
}: {
  saved: HeadlineRow;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const after = useAfterAction();
  const [confirming, setConfirming] = useState(false);
  const changed =
    draft.notes.trim() !== saved.notes ||
    draft.notes_hi.trim() !== saved.notes_hi ||
    draft.active !== saved.active;
  const text = shownText(draft);
  return (
    <Panel
      title={`${saved.place} headline`}
      actions={
        <StatusPill tone={saved.active ? 'success' : 'pending'}>{saved.active ? 'Shown' : 'Off'}</StatusPill>
      }
    >
      <LongTextField
        label={`${saved.place} headline text`}
        name={`headline-${saved.id}`}
        rows={2}
        maxLength={HEADLINE_MAX}
        value={draft.notes}
        onValueChange={(notes) => onChange({ ...draft, notes })}
        hint={`${draft.notes.length} of ${HEADLINE_MAX} characters`}
      />
      <LongTextField
        label={`Hindi text of the ${saved.place} headline (optional)`}
        name={`headline-${saved.id}-hi`}
        lang="hi"
        rows={2}
        maxLength={HEADLINE_MAX}
        value={draft.notes_hi}
        onValueChange={(notes_hi) => onChange({ ...draft, notes_hi })}
        hint={`Players reading Hindi see it; left empty they see the English. ${draft.notes_hi.length} of ${HEADLINE_MAX} characters`}
      />
      <Toggle
        label={`Show on ${saved.place}`}
        hint="Off: the app shows nothing in its place."
        checked={draft.active}
        onChange={(active) => onChange({ ...draft, active })}
        disabled={false}
      />
      <div>
        <Button
          small
          disabled={!changed}
          icon={<Save size={16} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          Save {saved.place} headline
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Save the ${saved.place} headline`}
        confirmLabel="Save"
        busyText="Saving"
        onConfirm={() =>
          after(
            () =>
              call(endpoints.contentHeadlineUpdate, {
                id: saved.id,
                notes: draft.notes.trim(),
                notes_hi: draft.notes_hi.trim(),
                active: draft.active,
              }),
            { success: `${saved.place} headline saved`, refresh: [headlinesKey] },
          )
        }
      >
        {text === null ? (
          <p>
            Players will see <strong>no headline</strong> on {saved.place}.
          </p>
        ) : (
          <>
            <p>
              Players will see on {saved.place}: <strong>{text}</strong>
            </p>
            <p>
              In Hindi:{' '}
              {draft.notes_hi.trim() ? (
                <strong lang="hi">{draft.notes_hi.trim()}</strong>
              ) : (
                'the English text (no Hindi written)'
              )}
            </p>
          </>
        )}
      </ConfirmDialog>
    </Panel>
  );
}
