/**
 * A part of the page that breaks (a chunk that does not load offline, a third-party API
 * that changed) must not take the page with it: without this, the route's error page
 * ("Error 500") replaced everything, a half-typed form included. The part shows its
 * fallback (nothing by default) and the rest of the page stays.
 */
import { Component, type ReactNode } from 'react';

export class PartErrorBoundary extends Component<
  { name: string; fallback?: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`${this.props.name} failed`, error);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
