import { endpoints } from '@gama/core/endpoints';
import type { Answer } from '@gama/core/endpoints/define';
import {
  NOTICE_LINKS,
  NOTICE_TEXT_MAX,
  NOTICE_TITLE_MAX,
  noticeDraft,
  type NoticeDraft,
} from '@gama/core/endpoints/notices/index';
import { newIdempotencyKey } from '@gama/ui/action-key';
import { Button } from '@gama/ui/Button';
import { TextField } from '@gama/ui/Field';
import { useQuery } from '@tanstack/react-query';
import { Eye, Send, ShieldCheck, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Notice } from '../../components/Notice.tsx';
import { Panel } from '../../components/PageHeader.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { call, errorMessage } from '../../lib/api-client.ts';
import { LongTextField } from '../../shared/long-text/LongTextField.tsx';
import { useAfterAction } from '../../shared/use-action.ts';
import styles from './NoticesScreen.module.css';
import { NoticePhone } from './NoticePhone.tsx';
import { noticesKey, playersText } from './shared.ts';

type Preview = Answer<typeof endpoints.adminNoticePreview>;
type AudienceKind = NoticeDraft['audience']['kind'];
type Field = 'title' | 'text' | 'link' | 'title_hi' | 'text_hi' | 'audience';

interface Form {
  title: string;
  text: string;
  link: string;
  titleHi: string;
  textHi: string;
  audience: AudienceKind;
  marketId: string;
  days: string;
}

const EMPTY: Form = {
  title: '',
  text: '',
  link: '',
  titleHi: '',
  textHi: '',
  audience: 'all',
  marketId: '',
  days: '30',
};

const optional = (text: string) => (text.trim() === '' ? undefined : text);

/** The request the form stands for (unchecked: the schema says what is wrong with it). */
function draftOf(form: Form): unknown {
  const audience =
    form.audience === 'all'
      ? { kind: 'all' }
      : form.audience === 'market_bidders'
        ? { kind: 'market_bidders', market_id: form.marketId === '' ? undefined : Number(form.marketId) }
        : { kind: 'inactive', days: /^\d{1,3}$/.test(form.days) ? Number(form.days) : Number.NaN };
  return {
    title: form.title,
    text: form.text,
    link: optional(form.link),
    title_hi: optional(form.titleHi),
    text_hi: optional(form.textHi),
    audience,
  };
}

/** The first message of each field the schema refuses, by field. */
function problemsOf(form: Form): { draft?: NoticeDraft; errors: Partial<Record<Field, string>> } {
  const parsed = noticeDraft.safeParse(draftOf(form));
  if (parsed.success) return { draft: parsed.data, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}

/**
 * Compose a notice, see it on a phone and how many players it reaches, then send it (or, past the owner's
 * threshold, propose it for a second operator). The count is the server's, for the draft as it was previewed;
 * changing the draft asks for a new preview before it can be sent.
 */
export function ComposeNotice() {
  const after = useAfterAction();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [previewed, setPreviewed] = useState<{ draft: NoticeDraft; json: string; answer: Preview } | null>(
    null,
  );
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [confirming, setConfirming] = useState<{ draft: NoticeDraft; key: string } | null>(null);
  const linksId = useId();
  const markets = useQuery({
    queryKey: ['markets', 'all'],
    queryFn: ({ signal }) => call(endpoints.listMarkets, {}, { signal }),
  });

  const set = (patch: Partial<Form>) => {
    setForm((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch).map((k) =>
      k === 'titleHi'
        ? 'title_hi'
        : k === 'textHi'
          ? 'text_hi'
          : ['marketId', 'days'].includes(k)
            ? 'audience'
            : k,
    );
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !touched.includes(field))),
    );
  };
  const current = JSON.stringify(draftOf(form));
  const fresh = previewed !== null && previewed.json === current ? previewed : null;

  const preview = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { draft, errors: found } = problemsOf(form);
    setErrors(found);
    setPreviewError(null);
    if (!draft) return;
    setPreviewing(true);
    try {
      const answer = await call(endpoints.adminNoticePreview, draft);
      setPreviewed({ draft, json: current, answer });
    } catch (error) {
      setPreviewed(null);
      setPreviewError(errorMessage(error));
    } finally {
      setPreviewing(false);
    }
  };

  const marketOptions = [
    { value: '', label: 'Choose a market' },
    ...(markets.data?.markets ?? []).map((m) => ({ value: String(m.id), label: m.name })),
  ];
  const marketName = markets.data?.markets.find((m) => String(m.id) === form.marketId)?.name ?? null;

  return (
    <div className={styles.compose}>
      <Panel title="Compose">
        <form
          className={styles.form}
          onSubmit={(e) => void preview(e)}
          noValidate
          aria-label="Compose a notice"
        >
          <TextField
            label={`Title (up to ${NOTICE_TITLE_MAX} characters)`}
            name="title"
            value={form.title}
            maxLength={NOTICE_TITLE_MAX}
            onValueChange={(title) => set({ title })}
            error={errors.title}
          />
          <LongTextField
            label={`Text (up to ${NOTICE_TEXT_MAX} characters)`}
            name="text"
            value={form.text}
            maxLength={NOTICE_TEXT_MAX}
            rows={3}
            onValueChange={(text) => set({ text })}
            error={errors.text}
          />
          <TextField
            label="Link to a screen of the app (optional)"
            name="link"
            value={form.link}
            placeholder="/imp9"
            list={linksId}
            onValueChange={(link) => set({ link: link.trim() })}
            error={errors.link}
          />
          <datalist id={linksId}>
            {NOTICE_LINKS.map((l) => (
              <option key={l.path} value={l.path}>
                {l.label}
              </option>
            ))}
          </datalist>
          <fieldset className={styles.hindi}>
            <legend>In Hindi (optional: players who read Hindi get these words)</legend>
            <TextField
              label="Hindi title"
              name="title_hi"
              lang="hi"
              value={form.titleHi}
              maxLength={NOTICE_TITLE_MAX}
              onValueChange={(titleHi) => set({ titleHi })}
              error={errors.title_hi}
            />
            <LongTextField
              label="Hindi text"
              name="text_hi"
              lang="hi"
              value={form.textHi}
              maxLength={NOTICE_TEXT_MAX}
              rows={3}
              onValueChange={(textHi) => set({ textHi })}
              error={errors.text_hi}
            />
          </fieldset>
          <div className={styles.audience}>
            <span className={styles.audienceLabel}>Who gets it</span>
            <Segmented<AudienceKind>
              label="Who gets it"
              value={form.audience}
              options={[
                { value: 'all', label: 'All players' },
                { value: 'market_bidders', label: "A market's bidders today" },
                { value: 'inactive', label: 'Inactive players' },
              ]}
              onChange={(audience) => set({ audience })}
            />
            {form.audience === 'market_bidders' && (
              <SelectField
                label="Market"
                name="market"
                value={form.marketId}
                options={marketOptions}
                onValueChange={(marketId) => set({ marketId })}
              />
            )}
            {form.audience === 'inactive' && (
              <TextField
                label="No sign-in and no bid for this many days (1 to 365)"
                name="days"
                inputMode="numeric"
                value={form.days}
                onValueChange={(days) => set({ days: days.replace(/\D/g, '').slice(0, 3) })}
              />
            )}
            {errors.audience && (
              <p className={styles.error} role="alert">
                {errors.audience}
              </p>
            )}
          </div>
          <div>
            <Button
              type="submit"
              variant="outline"
              busy={previewing}
              busyText="Counting players"
              icon={<Eye size={18} aria-hidden="true" />}
            >
              Preview
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title="Preview">
        <NoticePhone
          title={form.title}
          text={form.text}
          titleHi={form.titleHi}
          textHi={form.textHi}
          link={form.link}
        />
        <div className={styles.reach} aria-live="polite" data-testid="notice-reach">
          {previewError ? (
            <p className={styles.error} role="alert">
              {previewError}
            </p>
          ) : fresh ? (
            <Reach answer={fresh.answer} audience={fresh.draft.audience.kind} marketName={marketName} />
          ) : (
            <p className={styles.muted}>
              {previewed
                ? 'The draft changed: preview it again to count its players.'
                : 'Preview to count the players it reaches.'}
            </p>
          )}
          {fresh && fresh.answer.audience_count > 0 && fresh.answer.sent_today < fresh.answer.daily_limit && (
            <Button
              variant={fresh.answer.needs_approval ? 'outline' : 'primary'}
              icon={
                fresh.answer.needs_approval ? (
                  <ShieldCheck size={18} aria-hidden="true" />
                ) : (
                  <Send size={18} aria-hidden="true" />
                )
              }
              onClick={() => setConfirming({ draft: fresh.draft, key: newIdempotencyKey() })}
            >
              {fresh.answer.needs_approval
                ? 'Propose for approval'
                : `Send to ${playersText(fresh.answer.audience_count)}`}
            </Button>
          )}
        </div>
      </Panel>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={fresh?.answer.needs_approval ? 'Propose notice' : 'Send notice'}
        confirmLabel={fresh?.answer.needs_approval ? 'Propose' : 'Send'}
        busyText={fresh?.answer.needs_approval ? 'Proposing' : 'Sending'}
        onConfirm={async () => {
          if (!confirming) return;
          await after(
            () => call(endpoints.adminNoticeSend, confirming.draft, { idempotencyKey: confirming.key }),
            {
              success: (answer) =>
                answer.notice.state === 'sent'
                  ? `Sent to ${playersText(answer.notice.recipients ?? 0)}`
                  : 'Proposed: it waits for a second operator',
              refresh: [noticesKey],
            },
          );
          setForm(EMPTY);
          setPreviewed(null);
        }}
      >
        {confirming && fresh && (
          <p>
            “<strong>{confirming.draft.title}</strong>”{' '}
            {fresh.answer.needs_approval ? (
              <>
                waits for another operator’s approval, then goes to the audience counted again then (now{' '}
                {playersText(fresh.answer.audience_count)}).
              </>
            ) : (
              <>
                goes to <strong>{playersText(fresh.answer.audience_count)}</strong> now, in the bell and on
                phones with offers on. It cannot be taken back.
              </>
            )}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function Reach({
  answer,
  audience,
  marketName,
}: {
  answer: Preview;
  audience: AudienceKind;
  marketName: string | null;
}) {
  const who =
    audience === 'all'
      ? 'all players'
      : audience === 'market_bidders'
        ? `${marketName ?? 'the market'}'s bidders today`
        : 'inactive players';
  if (answer.audience_count === 0)
    return <Notice icon={Users}>No player is in this audience ({who}) now: there is nothing to send.</Notice>;
  return (
    <>
      <p className={styles.count}>
        Reaches <strong>{playersText(answer.audience_count)}</strong> ({who})
      </p>
      <p className={styles.muted}>
        {answer.sent_today} of {answer.daily_limit} notices sent today
        {answer.two_person_above > 0 &&
          `; ${answer.solo_audience_today.toLocaleString('en-IN')} of ${answer.two_person_above.toLocaleString('en-IN')} players reached today by notices sent alone`}
      </p>
      {answer.sent_today >= answer.daily_limit ? (
        <Notice icon={ShieldCheck} role="status">
          Today’s limit of {answer.daily_limit} notices is reached. The owner sets it in Settings.
        </Notice>
      ) : (
        answer.needs_approval && (
          <Notice icon={ShieldCheck} role="status">
            Past the owner’s limit of {answer.two_person_above.toLocaleString('en-IN')} players a day sent
            alone: this notice is proposed, and sent when another operator approves it.
          </Notice>
        )
      )}
    </>
  );
}
