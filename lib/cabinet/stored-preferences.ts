/**
 * How mail preferences are stored (account_states.notification_preferences, a jsonb object of
 * the kinds a user chose): read by the settings page and by the mail jobs, so no `server-only`.
 */
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from './validation';

/** The stored names (account_states.notification_preferences) of the API's kinds. */
export const STORED_KEY: Record<NotificationKind, string> = {
  newsletter: 'newsletter',
  followed_authors: 'followedAuthors',
  sales: 'sales',
  // Read by the version mails (lib/selling/version-mails.ts MATERIAL_UPDATES_PREFERENCE).
  material_updates: 'materialUpdates',
  comments: 'comments',
};

/** The effective preferences from the stored object: each kind stored or its default. */
export function fromStored(stored: unknown): NotificationPreferences {
  const object = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const kind of NOTIFICATION_KINDS) {
    const value = object[STORED_KEY[kind]];
    if (typeof value === 'boolean') out[kind] = value;
  }
  return out;
}
