import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { notificationMessages } from '@gama/core/contract/notification-messages';
import { useT } from '../lib/i18n/use-t.ts';
import { toasterMounted } from '../lib/toast.ts';

// The header's height (--header-height) and a gap, plus the notch on phones that have one.
const TOAST_TOP = 'calc(56px + 8px + env(safe-area-inset-top, 0px))';

/** Sonner's toaster, its own chunk (App.tsx mounts it lazily). Its effects run before this one's. */
export default function Toasts() {
  const t = useT();
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    // Below the header, never over the wallet chip the player checks after every action.
    <Toaster
      position="top-right"
      offset={{ top: TOAST_TOP }}
      mobileOffset={{ top: TOAST_TOP }}
      duration={3000}
      visibleToasts={1}
      richColors
      closeButton={false}
      // Sonner names its region in English by default; screen readers announce it in the shown language.
      containerAriaLabel={t(notificationMessages.title)}
    />
  );
}
