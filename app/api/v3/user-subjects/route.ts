import { defineRoute } from '@/lib/api/handler';
import { getUserSubjects, saveUserSubjects } from '@/lib/cabinet/user-subjects';
import { userSubjectsSchema } from '@/lib/cabinet/validation';

// GET /api/v3/user-subjects?world= — the world's subjects and which of them the user teaches.
export const GET = defineRoute(
  { summary: "The world's subjects and which of them the user teaches", auth: 'user' },
  async ({ session, world }) => getUserSubjects(session.userId, world.code),
);

// POST /api/v3/user-subjects?world= — replaces the user's subjects in this world.
export const POST = defineRoute(
  { summary: "Replaces the user's subjects in this world", auth: 'user', body: userSubjectsSchema },
  async ({ session, world, body }) => saveUserSubjects(session.userId, world.code, body.subject_ids),
);
