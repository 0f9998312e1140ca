export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

export interface Notice {
  severity: NoticeSeverity;
  message: string;
}

/** What the API client (and later, features) need to tell the user something; the UI decides how. */
export interface Notifier {
  notify(notice: Notice): void;
}

export interface NoticeBus extends Notifier {
  /** Returns the unsubscribe function. */
  subscribe(listener: (notice: Notice) => void): () => void;
}

/** Lets non-React code (the API client) reach the Snackbar rendered by `NoticeSnackbar`. */
export function createNoticeBus(): NoticeBus {
  const listeners = new Set<(notice: Notice) => void>();
  return {
    notify(notice) {
      for (const listener of listeners) listener(notice);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const notices = createNoticeBus();
