import { lazy } from 'react';

export { BellButton } from './BellButton.tsx';
/** The list loads only when opened: the header carries the bell alone. */
export const NotificationsScreen = lazy(() => import('./NotificationsScreen.tsx'));
