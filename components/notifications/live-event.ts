/** The window event the bell dispatches for each notification that arrives live (detail: the notification). */
export const LIVE_NOTIFICATION_EVENT = 'kreide:notification';
