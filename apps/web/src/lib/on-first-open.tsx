import { lazy, Suspense, useState, type ComponentType } from 'react';

interface Openable {
  open: boolean;
}

/**
 * A dialog whose code is a chunk fetched when it first opens: the first screen draws only the button that opens
 * it (decisions 020 and 021). Once opened it stays mounted, so closing it hands focus back as before.
 */
export function onFirstOpen<P extends Openable>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Sheet = lazy(load);
  return function OnFirstOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened && !props.open) return null;
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    );
  };
}
