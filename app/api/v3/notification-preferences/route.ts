import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { privateJson, readBody } from '@/lib/cabinet/http';
import { getNotificationPreferences, updateNotificationPreferences } from '@/lib/cabinet/notification-preferences';
import { notificationPreferencesSchema } from '@/lib/cabinet/validation';

// GET /api/v3/notification-preferences?world= — which mails the signed-in user gets.
export const GET = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request);
  return privateJson({ notification_preferences: await getNotificationPreferences(userId) });
});

// POST /api/v3/notification-preferences?world= — switches some or all mail kinds on or off.
export const POST = apiHandler({}, async ({ request }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const changes = await readBody(request, notificationPreferencesSchema);
  return privateJson({ notification_preferences: await updateNotificationPreferences(userId, changes) });
});
