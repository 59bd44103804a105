import { Component, type ReactNode } from 'react';
import { reportViewError } from '../health/view-report';

interface Props {
  remote: string;
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a remote that fails to load or throws while rendering; the shell stays up. The error
 * itself is reported by the root's onCaughtError (bootstrap.tsx), as a warning: the page shows
 * the error panel and offers Retry. The view's beacon counts the catch.
 */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    reportViewError('boundary');
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
