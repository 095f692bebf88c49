import { withSettingWords } from '@gama/core/contract/setting-words';
import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { CirclePlay } from 'lucide-react';
import { Segmented } from '../../components/Segmented.tsx';
import {
  PhonePreview,
  PreviewButton,
  PreviewCard,
  PreviewFiller,
  PreviewText,
  useFollowedChoice,
} from '../../shared/phone-preview/PhonePreview.tsx';
import { SettingsForm, type FieldGroup } from './SettingsForm.tsx';

/** The payment settings are written once (Payments); a text names them by these words. */
const SETTING_WORDS_HINT =
  'Write {withdrawal_open}, {withdrawal_close}, {min_withdrawal} or {min_deposit} where a payment setting belongs: players read its current value.';

/** Beside each page's English text, its Hindi one. */
const HINDI_HINT = 'Players reading Hindi see it; left empty they see the English text.';

const groups: readonly FieldGroup[] = [
  {
    title: 'Pages',
    fields: [
      {
        key: 'about_text',
        label: 'About Us',
        kind: 'long',
        hint: 'The About Us / Data Deletion Policy page. Empty: the app shows its own short text.',
      },
      { key: 'about_text_hi', label: 'About Us in Hindi (optional)', kind: 'long', hint: HINDI_HINT },
      {
        key: 'privacy_policy',
        label: 'Privacy policy',
        kind: 'long',
        hint: 'Empty: the app shows its built-in privacy policy.',
      },
      {
        key: 'privacy_policy_hi',
        label: 'Privacy policy in Hindi (optional)',
        kind: 'long',
        hint: HINDI_HINT,
      },
    ],
  },
  {
    title: 'Money rules',
    fields: [
      { key: 'deposit_rule', label: 'Deposit rules', kind: 'long', hint: SETTING_WORDS_HINT },
      { key: 'deposit_rule_hi', label: 'Deposit rules in Hindi (optional)', kind: 'long', hint: HINDI_HINT },
      { key: 'withdrawal_rule', label: 'Withdraw rules', kind: 'long', hint: SETTING_WORDS_HINT },
      {
        key: 'withdrawal_rule_hi',
        label: 'Withdraw rules in Hindi (optional)',
        kind: 'long',
        hint: HINDI_HINT,
      },
    ],
  },
  {
    title: 'How to play and the app',
    fields: [
      {
        key: 'how_to_play_video',
        label: 'Tutorial video link',
        kind: 'line',
        placeholder: 'https://…',
        hint: 'An http(s) link, or a path on this site starting with /. Empty: no video button.',
      },
      {
        key: 'how_to_play_text',
        label: 'How to play text',
        kind: 'long',
        hint: 'Sent with /api-how-to-play for apps that print it; this app shows its fixed steps and the video.',
      },
      {
        key: 'app_download_url',
        label: 'Download App link',
        kind: 'line',
        placeholder: 'https://…',
        hint: 'Sent with /api-get-app-pages for apps that link to a package; this app’s Download App installs the web app itself.',
      },
    ],
  },
];

type PageId = 'about' | 'privacy' | 'deposit' | 'withdraw' | 'htp';

const pages: ReadonlyArray<{ value: PageId; label: string }> = [
  { value: 'about', label: 'About Us' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'deposit', label: 'Deposit rules' },
  { value: 'withdraw', label: 'Withdraw rules' },
  { value: 'htp', label: 'How to play' },
];

const pageOfField: Partial<Record<OwnerSettingKey, PageId>> = {
  about_text: 'about',
  about_text_hi: 'about',
  privacy_policy: 'privacy',
  privacy_policy_hi: 'privacy',
  deposit_rule: 'deposit',
  deposit_rule_hi: 'deposit',
  withdrawal_rule: 'withdraw',
  withdrawal_rule_hi: 'withdraw',
  how_to_play_video: 'htp',
  how_to_play_text: 'htp',
};

export function PagesTab({ saved }: { saved: OwnerSettings }) {
  return (
    <SettingsForm
      name="Pages and rules"
      saved={saved}
      groups={groups}
      preview={(values, focused) => <PagesPreview values={values} focused={focused} />}
    />
  );
}

/** The page of the field being edited, or the one the operator picked. */
function PagesPreview({ values, focused }: { values: OwnerSettings; focused: OwnerSettingKey | null }) {
  const [page, setPage] = useFollowedChoice<PageId>(
    'about',
    focused === null ? null : (pageOfField[focused] ?? null),
  );
  const label = pages.find((p) => p.value === page)?.label ?? '';
  const picker = <Segmented label="Page to preview" value={page} options={pages} onChange={setPage} />;
  switch (page) {
    case 'about':
      return (
        <PhonePreview label={label} title="About Us" picker={picker}>
          <PreviewCard>
            <PreviewText text={values.about_text} empty="Empty: the app shows its own About Us text." />
          </PreviewCard>
        </PhonePreview>
      );
    case 'privacy':
      return (
        <PhonePreview label={label} title="Privacy Policy" picker={picker}>
          <PreviewCard>
            <PreviewText
              text={values.privacy_policy}
              empty="Empty: the app shows its built-in privacy policy."
            />
          </PreviewCard>
        </PhonePreview>
      );
    case 'deposit':
    case 'withdraw': {
      const text = withSettingWords(
        page === 'deposit' ? values.deposit_rule : values.withdrawal_rule,
        values,
      );
      return (
        <PhonePreview
          label={label}
          title={page === 'deposit' ? 'Deposit Rules' : 'Withdraw Rules'}
          picker={picker}
        >
          <PreviewCard>
            <PreviewText text={text} empty="No rules have been published yet." />
          </PreviewCard>
        </PhonePreview>
      );
    }
    case 'htp':
      return (
        <PhonePreview label={label} title="How To Play" picker={picker}>
          <PreviewFiller rows={3} />
          {values.how_to_play_video ? (
            <PreviewButton
              tone="primary"
              icon={<CirclePlay size={20} aria-hidden="true" />}
              detail={values.how_to_play_video}
            >
              Watch the tutorial video
            </PreviewButton>
          ) : (
            <PreviewText text="" empty="No video link: the app shows no video button." />
          )}
        </PhonePreview>
      );
  }
}
