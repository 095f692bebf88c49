import type { ReactNode } from 'react';
import { LoginScreen } from '../features/auth/index.ts';
import { LandingHero, LandingOverlap } from '../features/shell/index.ts';
import { LandingFrame } from './layouts/LandingLayout.tsx';

/**
 * The landing frame with the login card over its hero. The app hands in the lazy login screen; the build's
 * first paint (first-paint/prerender.tsx) the login screen itself, as server rendering cannot wait for a chunk.
 */
export function LandingPage({ login }: { login: ReactNode }) {
  return (
    <LandingFrame>
      <LandingHero />
      <LandingOverlap>{login}</LandingOverlap>
    </LandingFrame>
  );
}

/** The root for a visitor: the landing frame with the login screen as its page. */
export default function LandingEntry() {
  return <LandingPage login={<LoginScreen showHero={false} />} />;
}
