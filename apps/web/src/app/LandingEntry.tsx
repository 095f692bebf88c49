import { LoginScreen } from '../features/auth/index.ts';
import { LandingHero, LandingOverlap } from '../features/shell/index.ts';
import { LandingFrame } from './layouts/LandingLayout.tsx';

/** The root for a visitor: the landing frame with the login screen as its page. */
export default function LandingEntry() {
  return (
    <LandingFrame>
      <LandingHero />
      <LandingOverlap>
        <LoginScreen showHero={false} />
      </LandingOverlap>
    </LandingFrame>
  );
}
