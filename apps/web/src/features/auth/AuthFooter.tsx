import { Link } from '../../lib/router/index.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { authStyles } from '../../shared/auth-screen/AuthScreen.tsx';
import { ContactButton } from '../../components/ContactButton.tsx';

/** Login and Register point at each other, then offer the admin chat (spec 01: For Login / For Registration). */
export function AuthFooter({ question, to, link }: { question: string; to: string; link: string }) {
  const t = useT();
  return (
    <>
      <p className={authStyles.muted}>
        {question}{' '}
        <Link to={to} className={authStyles.textLink}>
          {link}
        </Link>
      </p>
      <p className={authStyles.divider}>{t('Need help?')}</p>
      <ContactButton via="whatsapp" block>
        {t('Contact Admin')}
      </ContactButton>
    </>
  );
}
