import { OperatorPage } from './OperatorPage.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Info.module.css';

/** About Us / Data Deletion Policy (spec 01 section 2.3): the operator's text, ours until they write one. */
export default function AboutScreen() {
  return (
    <OperatorPage
      title="About Us"
      pick="about_text"
      fallback={<BuiltInAbout />}
      related={{ to: '/privacypolicy', label: 'Privacy Policy' }}
    />
  );
}

function BuiltInAbout() {
  const t = useT();
  return (
    <article className={styles.policy}>
      <section>
        <h2>{t('About Gama')}</h2>
        <p>
          {t(
            'Gama is a numbers game for adults aged 18 or over. Results are declared at the market times shown on the home screen, and wins are paid into your wallet at the game rates.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Deleting your data')}</h2>
        <p>
          {t(
            'To close your account and delete your data, contact us through Support with your registered mobile number. We delete what the law lets us delete; records of money movements are kept for as long as the law requires.',
          )}
        </p>
      </section>
    </article>
  );
}
