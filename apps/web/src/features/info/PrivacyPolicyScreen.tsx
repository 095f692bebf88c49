import { OperatorPage } from './OperatorPage.tsx';
import { useT } from '../../lib/i18n/use-t.ts';
import styles from './Info.module.css';

/** The operator's policy when they have written one (console, Content & settings); ours until then. */
export default function PrivacyPolicyScreen() {
  return (
    <OperatorPage
      title="Privacy Policy"
      pick="privacy_policy"
      fallback={<BuiltInPolicy />}
      related={{ to: '/about', label: 'About Us / Data Deletion Policy' }}
    />
  );
}

function BuiltInPolicy() {
  const t = useT();
  return (
    <article className={styles.policy}>
      <p className={styles.updated}>{t('Last updated: November 2026')}</p>
      <section>
        <h2>{t('What we collect')}</h2>
        <ul>
          <li>{t('Your name and mobile number, which you give us when you register.')}</li>
          <li>
            {t('Your password, stored only as a one-way hash. We cannot read it and never ask for it.')}
          </li>
          <li>{t('Your bids, wins, wallet transactions, deposit and withdrawal requests.')}</li>
          <li>{t('UPI numbers you save to receive withdrawals.')}</li>
          <li>{t('Security logs: the time and network address of sign-ins and requests.')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('Why we use it')}</h2>
        <p>
          {t(
            'To run your account and wallet, send you one-time codes by SMS, process your deposits and withdrawals, keep accounts safe from misuse, and keep the records the law requires.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('What stays on your phone')}</h2>
        <p>
          {t(
            'The app keeps your name and mobile number in your browser so it knows who is signed in. Your session is a secure cookie that the page itself cannot read. Your password is never stored on your phone. There are no advertising or tracking cookies, no third-party analytics, and the app loads nothing from other websites.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Who we share it with')}</h2>
        <ul>
          <li>{t('Our SMS provider receives your mobile number and the code message.')}</li>
          <li>{t('The payment app you choose receives what it needs to make your payment.')}</li>
          <li>{t('Authorities, only when the law requires us to.')}</li>
        </ul>
        <p>{t('We do not sell your data to anyone.')}</p>
      </section>
      <section>
        <h2>{t('How long we keep it')}</h2>
        <p>
          {t(
            'For as long as your account is open. Records of money movements are kept for as long as the law requires, even after an account is closed.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Your choices')}</h2>
        <p>
          {t(
            'You can change your name in Profile and your password in Change Password whenever you like. To get a copy of your data or to close your account and delete what the law lets us delete, contact us through Support.',
          )}
        </p>
      </section>
      <section>
        <h2>{t('Age')}</h2>
        <p>{t('Gama is only for adults aged 18 or over.')}</p>
      </section>
    </article>
  );
}
