import { defineRoute } from '@/lib/api/handler';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import { notificationPreferencesSchema } from '@/lib/cabinet/validation';

// GET /api/v3/notification-preferences?world= — which mails the signed-in user gets.
export const GET = defineRoute(
  { summary: 'Which mails the signed-in user gets', auth: 'user' },
  async ({ session }) => ({
    notification_preferences: await getNotificationPreferences(session.userId),
  }),
);

// POST /api/v3/notification-preferences?world= — switches some or all mail kinds on or off.
export const POST = defineRoute(
  { summary: 'Switches mail kinds on or off', auth: 'user', body: notificationPreferencesSchema },
  async ({ session, body }) => ({
    notification_preferences: await updateNotificationPreferences(session.userId, body),
  }),
);
