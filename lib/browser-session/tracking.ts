/** One tracked event as sent to `POST v3/events/track`. */
export interface TrackedEvent {
  name: string;
  [field: string]: unknown;
}

export interface TrackerDeps {
  /** Sends events (the browser posts them to v3/events/track); failures are the sender's concern. */
  send: (events: TrackedEvent[]) => Promise<unknown> | void;
  /** The tag manager's queue (window.dataLayer in the browser). */
  dataLayer: () => unknown[];
  /** Resolves once the session knows whether it is impersonated (validation settled). */
  ready: () => Promise<unknown>;
  isImpersonated: () => boolean;
}

export interface Tracker {
  trackEvent(name: string, data?: Record<string, unknown>): Promise<void>;
  pushTag(tag: Record<string, unknown>): Promise<void>;
}

/**
 * The one gate for tracking and tag pushes. An impersonated session (an admin acting as a user)
 * sends neither; the gate waits for the session to be known first, so nothing leaks
 * out while the user is still loading.
 */
export function createTracker(deps: TrackerDeps): Tracker {
  async function allowed(): Promise<boolean> {
    try {
      await deps.ready();
    } catch {
      // An unknown session is not an impersonated one.
    }
    return !deps.isImpersonated();
  }

  return {
    async trackEvent(name, data) {
      if (!(await allowed())) return;
      try {
        await deps.send([{ ...data, name }]);
      } catch {
        // Tracking never breaks the page.
      }
    },
    async pushTag(tag) {
      if (!(await allowed())) return;
      deps.dataLayer().push(tag);
    },
  };
}
