import { NOTICE_LINKS, noticeWords } from '@gama/core/endpoints/notices/index';
import { hi } from '@gama/core/i18n/hi';
import type { Language } from '@gama/core/contract/languages';
import type { Text } from '@gama/core/i18n/texts';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Segmented } from '../../components/Segmented.tsx';
import { PhonePreview, PreviewFiller, previewStyles } from '../../shared/phone-preview/PhonePreview.tsx';
import styles from './NoticesScreen.module.css';

/**
 * The notice as the player's bell lists it, on a phone: a new row with the gift icon, the title, the text and,
 * with a link, "See more". In English, or in Hindi as a Hindi-language player reads it (the English words when
 * no Hindi is given, as the server does).
 */
export function NoticePhone(props: {
  title: string;
  text: string;
  titleHi: string;
  textHi: string;
  link: string;
}) {
  const [language, setLanguage] = useState<Language>('en');
  const words = noticeWords(
    {
      title: props.title.trim(),
      text: props.text.trim(),
      title_hi: props.titleHi.trim() || null,
      text_hi: props.textHi.trim() || null,
    },
    language,
  );
  // The player app's own words for its frame, from its catalogue.
  const t = (text: Text) => (language === 'hi' ? hi[text] : text);
  const screen = NOTICE_LINKS.find((l) => l.path === props.link)?.label;
  return (
    <PhonePreview
      label={language === 'hi' ? 'Notifications, in Hindi' : 'Notifications'}
      title={t('Notifications')}
      picker={
        <Segmented<Language>
          label="Preview language"
          value={language}
          options={[
            { value: 'en', label: 'English' },
            { value: 'hi', label: 'हिन्दी' },
          ]}
          onChange={setLanguage}
        />
      }
    >
      <div className={styles.bellRow} data-testid="notice-preview" lang={language}>
        <span className={styles.bellIcon} aria-hidden="true">
          <Gift size={22} />
        </span>
        <div className={styles.bellBody}>
          <p className={styles.bellTitle}>
            {words.title || <span className={previewStyles.muted}>The title</span>}
            <span className={styles.newTag}>{t('New')}</span>
          </p>
          <p className={styles.bellText}>{words.text || 'The text of the notice.'}</p>
          {screen && (
            <span className={styles.bellLink}>
              {t('See more')} · {screen}
            </span>
          )}
        </div>
      </div>
      <PreviewFiller rows={3} />
    </PhonePreview>
  );
}
