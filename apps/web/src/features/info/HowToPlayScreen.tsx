import { CirclePlay } from 'lucide-react';
import { Card, Page } from '../../components/Page.tsx';
import { Skeleton } from '@gama/ui/Skeleton';
import { useT } from '../../lib/i18n/use-t.ts';
import { useTutorialLink } from './api.ts';
import styles from './Info.module.css';

const steps = [
  'Register with your name and mobile number, then verify the 4-digit code we send by SMS.',
  'Add points to your wallet through Add Funds. Points are what you play with.',
  'Pick an open market on the home screen and tap Play. Closed markets say so and cannot be played today.',
  'Choose a game type: Single Digit, Jodi, Single, Double or Triple Pana, Half or Full Sangam, and more.',
  'Enter your number and points, tap Proceed to add the bid, then Submit to place all your bids at once.',
  'Results are declared at the market times. Winning bids are paid into your wallet at the game rate.',
  'Wins can go up to 10 Lac points. Check Game Rates for what each game type pays.',
  'Withdraw your points to your saved UPI number during withdrawal hours.',
] as const;

export default function HowToPlayScreen() {
  const tutorial = useTutorialLink();
  const t = useT();
  return (
    <Page title={t('How To Play')}>
      <Card>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.bullet} aria-hidden="true">
                {index + 1}
              </span>
              <span>{t(step)}</span>
            </li>
          ))}
        </ol>
      </Card>
      {tutorial.isPending && <Skeleton height={80} radius={18} />}
      {tutorial.data && (
        <a href={tutorial.data} target="_blank" rel="noopener noreferrer" className={styles.video}>
          <span className={styles.videoIcon} aria-hidden="true">
            <CirclePlay size={28} />
          </span>
          <span>
            <span className={styles.videoTitle}>{t('Watch the tutorial video')}</span>
            <br />
            <span className={styles.videoText}>{t('A short walk-through of placing your first bid.')}</span>
          </span>
        </a>
      )}
    </Page>
  );
}
