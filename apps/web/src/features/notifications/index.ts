import { lazyRoute } from '../../lib/router/index.ts';

export { BellButton } from './BellButton.tsx';
/** The list loads only when opened: the header carries the bell alone. */
export const NotificationsScreen = lazyRoute(() => import('./NotificationsScreen.tsx'));
