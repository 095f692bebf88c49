import { Component, type ReactNode } from 'react';
import { useLocation } from '../lib/router/index.ts';
import { RouteErrorScreen } from './StatusScreen.tsx';

interface BoundaryProps {
  children: ReactNode;
  /** The history entry: a new one (the player navigates away, or back) clears the error. */
  entry: string;
}
interface BoundaryState {
  failed: boolean;
  entry: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, entry: this.props.entry };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.entry === state.entry ? null : { failed: false, entry: props.entry };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}

/**
 * A screen that throws while rendering, or whose chunk fails to download (an old tab after a deploy), shows the
 * error screen in place of the page, as the data router's `errorElement` did; React still reports the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary entry={location.key}>{children}</Boundary>;
}
