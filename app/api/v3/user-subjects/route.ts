import { requireUser } from '@/lib/accounts/guard';
import { apiHandler } from '@/lib/api/handler';
import { privateJson, readBody } from '@/lib/cabinet/http';
import { getUserSubjects, saveUserSubjects } from '@/lib/cabinet/user-subjects';
import { userSubjectsSchema } from '@/lib/cabinet/validation';

// GET /api/v3/user-subjects?world= — the world's subjects and which of them the user teaches.
export const GET = apiHandler({}, async ({ request, world }) => {
  const { userId } = await requireUser(request);
  return privateJson(await getUserSubjects(userId, world.code));
});

// POST /api/v3/user-subjects?world= — replaces the user's subjects in this world.
export const POST = apiHandler({}, async ({ request, world }) => {
  const { userId } = await requireUser(request, { mutation: true });
  const { subject_ids } = await readBody(request, userSubjectsSchema);
  return privateJson(await saveUserSubjects(userId, world.code, subject_ids));
});
