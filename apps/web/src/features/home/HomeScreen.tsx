import {
  ArrowUpFromLine,
  CirclePlay,
  CirclePlus,
  Crown,
  MessageCircle,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { Link } from '../../lib/router/index.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { useContactLinks } from '../../lib/contacts.ts';
import { useT } from '../../lib/i18n/use-t.ts';
import { isBettingOn, useProfile } from '../../lib/profile.ts';
import { HEADLINE_IDS } from '../../shared/headline/headline.ts';
import { HeadlineMarquee } from '../../shared/headline/HeadlineMarquee.tsx';
import { MarketList } from './MarketList.tsx';
import styles from './HomeScreen.module.css';
import { Slider } from './Slider.tsx';

export default function HomeScreen() {
  const profile = useProfile();
  const bettingOn = isBettingOn(profile.data);
  const t = useT();
  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">{t('Home')}</h1>
      <HeadlineMarquee id={HEADLINE_IDS.home} />
      <Slider />
      {bettingOn && <WalletActions />}
      {bettingOn && <ContactAndStarline />}
      <MarketList bettingOn={bettingOn} />
    </div>
  );
}

function WalletActions() {
  const t = useT();
  return (
    <div className={styles.actions}>
      <ButtonLink to="/imp9" variant="money" large icon={<CirclePlus size={20} aria-hidden="true" />}>
        {t('Add Money')}
      </ButtonLink>
      <ButtonLink
        to="/withdraw"
        variant="outline"
        large
        icon={<ArrowUpFromLine size={20} aria-hidden="true" />}
      >
        {t('Withdrawal')}
      </ButtonLink>
    </div>
  );
}

function ContactAndStarline() {
  const links = useContactLinks();
  const t = useT();
  return (
    <div className={styles.cards}>
      <GameCard id="starline" to="/star" icon={Star} title={t('StarLine Game')}>
        {t('Quick draws through the day.')}
      </GameCard>
      <GameCard id="gali" to="/gali" icon={Crown} title="KING GALI">
        {t('Gali Disawar: one draw a day per market.')}
      </GameCard>
      <a
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className={[styles.card, styles.contact, styles.wide].join(' ')}
      >
        <span className={styles.cardIcon} aria-hidden="true">
          <MessageCircle size={22} />
        </span>
        <span className={styles.wideText}>
          <span className={styles.cardTitle}>{t('Contact us')}</span>
          <span className={styles.cardText}>{t('Chat with us on WhatsApp whenever you need help.')}</span>
        </span>
        <span className={[styles.play, styles.chat].join(' ')} aria-hidden="true">
          <MessageCircle size={16} />
          {t('CHAT NOW')}
        </span>
      </a>
    </div>
  );
}

/** A game's card: its name, how it plays (the children) and the way in; `id` names its title and colours. */
function GameCard({
  id,
  to,
  icon: Icon,
  title,
  children,
}: {
  id: 'starline' | 'gali';
  to: string;
  icon: LucideIcon;
  title: string;
  children: string;
}) {
  const t = useT();
  return (
    <section className={[styles.card, styles[id]].join(' ')} aria-labelledby={`${id}-title`}>
      <span className={styles.cardIcon} aria-hidden="true">
        <Icon size={22} fill="currentColor" />
      </span>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      <span className={styles.cardText}>{children}</span>
      <Link to={to} className={[styles.play, styles.cardLink].join(' ')}>
        <CirclePlay size={16} aria-hidden="true" />
        {t('PLAY NOW')}
      </Link>
    </section>
  );
}
