import { defineRoute } from '@/lib/api/handler';
import { getMegaMenu } from '@/lib/catalog/classification';
import { getSchoolTypeNames } from '@/lib/catalog/school-type-names';

// GET /api/v3/mega-menu/get-subjects?world= — subjects per school type with material counts.
export const GET = defineRoute(
  { summary: 'Subjects per school type with material counts (mega menu)', auth: 'anonymous' },
  async ({ world }) => getMegaMenu(world.code, getSchoolTypeNames(world)),
);
