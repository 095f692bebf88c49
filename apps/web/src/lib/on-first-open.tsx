import { useEffect, useState, type ComponentType } from 'react';
import { networkMessages } from './api-client.ts';
import { toast } from './toast.ts';

interface Openable {
  open: boolean;
  onClose: () => void;
}

/**
 * A dialog whose code is a chunk fetched when it first opens: the first screen draws only the button that opens
 * it (decisions 020 and 021). Once opened it stays mounted, so closing it hands focus back as before. A chunk the
 * network lost (a first visit on a bad connection, before the service worker holds it) closes the request with
 * the offline message, and the next tap fetches it again: React's `lazy` would have remembered the failure and
 * replaced the whole page by the error screen.
 */
export function onFirstOpen<P extends Openable>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchSheet = () => {
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  return function OnFirstOpen(props: P) {
    const [Sheet, setSheet] = useState<ComponentType<P> | null>(() => loaded);
    const { open, onClose } = props;
    useEffect(() => {
      if (!open || Sheet) return undefined;
      let current = true;
      fetchSheet().then(
        (component) => {
          if (current) setSheet(() => component);
        },
        () => {
          if (!current) return;
          toast.error(networkMessages.offline, { id: 'sheet-offline' });
          onClose();
        },
      );
      return () => {
        current = false;
      };
    }, [open, Sheet, onClose]);
    return Sheet ? <Sheet {...props} /> : null;
  };
}
