import { defineRoute } from '@/lib/api/handler';
import { noQueryParams, removeProfileBackground } from '@/lib/accounts/user-details';

// POST /api/v3/user-details/remove-background?world= — removes the signed-in user's profile
// background and its files; answers the now empty background fields.
export const POST = defineRoute(
  { summary: "Removes the signed-in user's profile background", auth: 'user', query: noQueryParams },
  async ({ session }) => removeProfileBackground(session.userId),
);
