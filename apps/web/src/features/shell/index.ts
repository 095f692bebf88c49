export { BettingFooter, SimpleFooter } from './AppFooter.tsx';
export { AppHeader } from './AppHeader.tsx';
export { DownloadAppBar } from './DownloadAppBar.tsx';
export { LandingHeader } from './LandingHeader.tsx';
export { LandingHero, LandingOverlap } from './LandingHero.tsx';
export { OfflineBanner } from './OfflineBanner.tsx';
export { SideMenu } from './menus.tsx';
export { useLogout } from './api.ts';
