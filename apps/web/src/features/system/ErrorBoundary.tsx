import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashPage } from './CrashPage';

interface State {
  error: unknown;
}

/** Catches render errors anywhere below and shows the crash page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Rally crashed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashPage /> : this.props.children;
  }
}
